`default_nettype none
// ram_1r1w: simple dual-port RAM, one synchronous write port and one synchronous read port, written so
// that yosys maps it to block RAM (iCE40 EBR, ECP5 DP16KD).
//
// Clock domain: clk_i. The read port registers the word at raddr_i; rdata_o shows it after the edge
// (latency 1). A read of the address written at the same edge returns the new data (write-first), made
// explicit by a bypass so that simulation and every FPGA family agree. A user that never looks at the low
// bits of such a word until the next edge sets BYPASS_FROM to bypass bits WIDTH-1..BYPASS_FROM only (a
// flip-flop and a multiplexer less per bit); bits below it are then undefined for that one clock.
// A user that knows from its own registers whether the read address equals the write address at a write
// (the comparison of the next read address is otherwise behind that address's own logic) sets MATCH_PORT
// and drives match_i: we_i and raddr_i == waddr_i at this edge. Else match_i is not read (tie it to 0).
// Parameters: WIDTH (bits per word, >= 1), DEPTH (words, >= 2), BYPASS_FROM (0..WIDTH-1, default 0),
// MATCH_PORT (0: the RAM compares the addresses, the default; 1: match_i).
// Formal builds with FORMAL_RAM_PROBE (make formal's FIFO contents sets) add a probe: f_probe_data is the
// word at f_probe_addr now, for a user's properties about the contents (yosys 0.23 reads no hierarchical
// references, so scripts/formal-run's connect: option wires them to the user's formal signals).
module ram_1r1w #(
  parameter WIDTH       = 8,   // bits per word
  parameter DEPTH       = 16,  // number of words
  parameter BYPASS_FROM = 0,   // lowest bit with the write-first bypass
  parameter MATCH_PORT  = 0    // 1: match_i says a write and a read of one address happen at this edge
) (
  input  wire                     clk_i,
  input  wire                     we_i,
  input  wire [$clog2(DEPTH)-1:0] waddr_i,
  input  wire [WIDTH-1:0]         wdata_i,
  input  wire [$clog2(DEPTH)-1:0] raddr_i,
  input  wire                     match_i,   // MATCH_PORT 1: we_i && raddr_i == waddr_i
  output wire [WIDTH-1:0]         rdata_o
);
  initial begin
    if (WIDTH < 1) begin $error("ram_1r1w: WIDTH must be >= 1"); $finish; end
    if (DEPTH < 2) begin $error("ram_1r1w: DEPTH must be >= 2"); $finish; end
    if (BYPASS_FROM < 0 || BYPASS_FROM >= WIDTH) begin $error("ram_1r1w: BYPASS_FROM must be 0..WIDTH-1"); $finish; end
    if (MATCH_PORT != 0 && MATCH_PORT != 1) begin $error("%m: MATCH_PORT must be 0 or 1"); $finish; end
  end

  // A read of the address written at the same edge takes wdata_q through the bypass below, so what the
  // block RAM itself returns then does not matter: no_rw_check tells yosys so, and it builds no read-old-data
  // emulation (for the 161-bit MultiKron FIFO that emulation was 328 flip-flops and 166 LUTs).
  (* no_rw_check *) reg [WIDTH-1:0] mem [0:DEPTH-1];
  reg [WIDTH-1:0] rdata_q;
  reg             bypass_q;
  reg [WIDTH-1:BYPASS_FROM] wdata_q;

  // Zero the contents at configuration so that a read of a never-written word is 0 in every simulator
  // and on the FPGA (block RAM initial values are free), not X. The read register gets no initial value:
  // a block RAM's output register cannot be initialised, so yosys would emulate one with a LUT per bit; it
  // holds a word of the (zeroed) array from the first edge on.
  integer init_index;
  initial begin
    for (init_index = 0; init_index < DEPTH; init_index = init_index + 1) mem[init_index] = {WIDTH{1'b0}};
    bypass_q = 1'b0;
    wdata_q  = {(WIDTH-BYPASS_FROM){1'b0}};
  end

  // Memory arrays carry no reset (block RAM has none); the read register is part of the RAM macro.
  always @(posedge clk_i) begin
    if (we_i) mem[waddr_i] <= wdata_i;
    rdata_q  <= mem[raddr_i];
    bypass_q <= MATCH_PORT != 0 ? match_i : we_i && (waddr_i == raddr_i);
    wdata_q  <= wdata_i[WIDTH-1:BYPASS_FROM];
  end

`ifdef FORMAL
`ifdef FORMAL_RAM_PROBE
  (* keep *) wire [$clog2(DEPTH)-1:0] f_probe_addr;  // driven by formal-run (connect:), e.g. mk2_fifo's f_slot
  (* keep *) wire [WIDTH-1:0] f_probe_data = mem[f_probe_addr];
`endif
`endif

  assign rdata_o[WIDTH-1:BYPASS_FROM] = bypass_q ? wdata_q : rdata_q[WIDTH-1:BYPASS_FROM];
  generate
    if (BYPASS_FROM > 0) begin : g_plain
      assign rdata_o[BYPASS_FROM-1:0] = rdata_q[BYPASS_FROM-1:0];
    end
  endgenerate
endmodule
`default_nettype wire
