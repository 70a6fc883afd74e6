`default_nettype none
// mk2_net_capture: takes every byte the MultiKron II network output presents, in the Icarus testbenches
// that put a chip beside the REMS blocks (tb/hybrid/mk2_hybrid_tb.v, tb/rems-sampleunit/su_hybrid_tb.v),
// with the checks of the C testbench's capture (sim/mk2_tb.c): odd parity on every byte, EOM on the last
// byte of a 20-byte Trace sample and on no other (these benches send Trace samples only), no byte taken
// while NETRDY is low. A failed check prints a "FAIL: ..." line and counts in errors_o.
// Each complete sample is written to file descriptor fd_i as "cpu=C type=T data=HHHHHHHHHHHHHHHH" (the
// CPU id and type fields of byte 0, then the 64-bit data of bytes 12..19).
// Clock: clk_i, the chip's node clock. On a rising edge the chip's outputs still hold their values from
// before it, so a low NETCLK means this edge raises it: a take edge (docs/decisions.md D6.1), which takes
// the byte presented with FIFODAB low. Nothing is taken while rst_ni is low.
// Ports: the chip's network pins (netclk_i .. eom_i) and the NETRDY level driven into it; samples_o counts
// the samples written, nbytes_o the bytes of the sample under way (0 between samples: a testbench waits
// for it before reading the chip's counters), errors_o the failed checks.
module mk2_net_capture (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire [31:0] fd_i,
  input  wire        netclk_i,
  input  wire        fifodab_i,
  input  wire [7:0]  data_i,
  input  wire        parity_i,
  input  wire        eom_i,
  input  wire        netrdy_i,
  output integer     samples_o,
  output integer     nbytes_o,
  output integer     errors_o
);
  localparam TRACE_BYTES = 20;
  reg [7:0] bytes [0:TRACE_BYTES-1];
  initial begin
    samples_o = 0;
    nbytes_o = 0;
    errors_o = 0;
  end
  always @(posedge clk_i) begin
    if (rst_ni && !netclk_i && !fifodab_i) begin
      if (parity_i != !(^data_i)) begin
        $display("FAIL: even parity on byte %0d", nbytes_o + 1); errors_o = errors_o + 1;
      end
      if (!netrdy_i) begin
        $display("FAIL: byte %0d taken while NETRDY is low", nbytes_o + 1); errors_o = errors_o + 1;
      end
      if (nbytes_o < TRACE_BYTES) bytes[nbytes_o] = data_i;
      nbytes_o = nbytes_o + 1;
      if (eom_i) begin
        if (nbytes_o != TRACE_BYTES) begin $display("FAIL: EOM on byte %0d", nbytes_o); errors_o = errors_o + 1; end
        $fdisplay(fd_i, "cpu=%0d type=%0d data=%02x%02x%02x%02x%02x%02x%02x%02x", bytes[0][7:5], bytes[0][4:3],
                  bytes[12], bytes[13], bytes[14], bytes[15], bytes[16], bytes[17], bytes[18], bytes[19]);
        samples_o = samples_o + 1;
        nbytes_o = 0;
      end
    end
  end
endmodule
`default_nettype wire
