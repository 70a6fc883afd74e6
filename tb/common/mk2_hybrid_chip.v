`default_nettype none
// mk2_hybrid_chip: the MultiKron II side of the Icarus benches of the hybrid link (docs/decisions.md D11;
// tb/hybrid/mk2_hybrid_tb.v, tb/rems-sampleunit/su_hybrid_tb.v): a chip built with the hardware trigger at
// level 3 for CPU TRIGGER_CPU, a processor that only makes the cycles the bench asks for, and the network
// capture (tb/common/mk2_net_capture.v: parity, EOM, NETRDY checked; one line per sample to fd_i).
// Clock: clk_i, the node clock; rst_ni the chip's reset. The bench drives hw_trigger_i/hw_trigger_word_i
// from a REMS block and calls the tasks hierarchically:
//   bus(is_read, addr, data, q)  one processor cycle, as the C bus-functional model makes them
//                                (docs/decisions.md section 9); q is the data read
//   drain(settle)                after settle node clocks, waits until the FIFO is empty and no sample is
//                                under way, then reads the Overrun Error Counter and writes "overruns=N" to
//                                fd_i; a failed capture check is reported as "FAIL: N capture errors"
// samples_o counts the samples captured. HW_TRIGGER = 0 builds the chip as shipped (the link off).
module mk2_hybrid_chip #(
  parameter HW_TRIGGER = 1,   // the chip's build option under test
  parameter TRIGGER_CPU = 5   // the CPU number the hardware-triggered samples carry
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        hw_trigger_i,
  input  wire [31:0] hw_trigger_word_i,
  input  wire [31:0] fd_i,
  output wire [31:0] samples_o
);
  reg         readb = 1'b1, writeb = 1'b1, startb = 1'b1;
  reg  [6:0]  addr = 7'd0;
  reg  [63:0] data = 64'd0;
  wire        ackb, data_oe_unused, fifodab, netclk, parity, eom;
  wire [63:0] data_out;
  wire [7:0]  net_data, test_unused, fifo_count;
  wire [31:0] overrun_count_unused, nbytes, errors;
  wire        out_en_unused, phase_unused, shadow_unused, busy_unused, discard_unused;
  mk2_chip #(.HW_TRIGGER(HW_TRIGGER), .HW_TRIGGER_LEVEL(3), .HW_TRIGGER_CPU(TRIGGER_CPU)) chip (
    .clk_i(clk_i), .rst_ni(rst_ni), .tsclk_i(1'b0),
    .readb_i(readb), .writeb_i(writeb), .startb_i(startb), .holdb_i(1'b1), .ackb_o(ackb),
    .addr_i(addr), .data_i(data), .data_o(data_out), .data_oe_o(data_oe_unused), .cpu_id_i(8'd0),
    .waitstate_i(1'b0), .ext_i(16'd0), .testb_i(1'b1), .outdisb_i(1'b1),
    .netrdy_i(1'b1), .fifodab_o(fifodab), .netclk_o(netclk), .net_data_o(net_data),
    .net_parity_o(parity), .net_eom_o(eom), .test_o(test_unused), .out_en_o(out_en_unused),
    .hw_trigger_i(hw_trigger_i), .hw_trigger_word_i(hw_trigger_word_i),
    .dbg_fifo_count_o(fifo_count), .dbg_counter_phase_o(phase_unused), .dbg_shadow_busy_o(shadow_unused),
    .dbg_net_busy_o(busy_unused), .dbg_discard_o(discard_unused), .dbg_overrun_count_o(overrun_count_unused));

  mk2_net_capture capture (
    .clk_i(clk_i), .rst_ni(rst_ni), .fd_i(fd_i), .netclk_i(netclk), .fifodab_i(fifodab), .data_i(net_data),
    .parity_i(parity), .eom_i(eom), .netrdy_i(1'b1), .samples_o(samples_o), .nbytes_o(nbytes), .errors_o(errors));

  task bus(input is_read, input [6:0] a, input [63:0] d, output [63:0] q);
    begin
      @(negedge clk_i); startb = 1'b0; readb = !is_read; writeb = is_read; addr = a; data = d;
      @(negedge clk_i); startb = 1'b1; readb = 1'b1; writeb = 1'b1;
      while (ackb) @(negedge clk_i);
      q = data_out;
    end
  endtask

  reg [63:0] overruns;
  task drain(input integer settle);
    begin
      repeat (settle) @(negedge clk_i);
      while (fifo_count != 8'd0 || nbytes != 32'd0) @(negedge clk_i);
      repeat (4) @(negedge clk_i);
      bus(1'b1, 7'd6, 64'd0, overruns);
      $fdisplay(fd_i, "overruns=%0d", overruns[31:0]);
      if (errors != 32'd0) $display("FAIL: %0d capture errors", errors);
    end
  endtask
endmodule
`default_nettype wire
