`default_nettype none
`timescale 1ns/1ps
// mk2_hybrid_tb: the hybrid link of docs/decisions.md D11 under Icarus. The REMS pattern matcher, its tables
// loaded from remsc's $readmemh images (INIT_T0..INIT_T5), watches a stream of words; its global trigger G
// and the matched word drive the hw_trigger inputs of a MultiKron II built with HW_TRIGGER = 1. The
// processor only enables sampling. The network output is captured byte by byte by tb/common/mk2_net_capture.v
// (odd parity, EOM, NETRDY checked) and every sample is written to +out as "cpu type data", followed by a line with the Overrun
// Error Counter read at the end.
//   +words=FILE (one hex word a line)  +n=COUNT  +gap=CLOCKS between words  +out=FILE
// HW_TRIGGER = 0 builds the chip as shipped (the link off) with the same matcher driving the inputs: then no
// sample may leave and the Overrun Error Counter must stay 0. The DONE line gives the G pulses seen.
module mk2_hybrid_tb;
  parameter INIT_T0 = "", INIT_T1 = "", INIT_T2 = "", INIT_T3 = "", INIT_T4 = "", INIT_T5 = "";
  parameter TRIGGER_CPU = 5;
  parameter HW_TRIGGER = 1;   // the chip's build option under test (1 link on, 0 off: the default build)

  reg clk = 1'b0;
  always #5 clk = !clk;

  reg         rst_n = 1'b0;
  reg         readb = 1'b1, writeb = 1'b1, startb = 1'b1, holdb = 1'b1;
  reg  [6:0]  addr = 7'd0;
  reg  [63:0] data = 64'd0;
  wire        ackb, data_oe, fifodab, netclk, parity, eom;
  wire [63:0] data_out;
  wire [7:0]  net_data;

  reg  [31:0] word = 32'd0;
  reg         word_valid = 1'b0;
  wire [31:0] matched_word;
  wire [6:0]  triggers;
  wire        matched_valid, masked_unused, loading_unused, tag_unused;

  rems_matcher #(.INIT_T0(INIT_T0), .INIT_T1(INIT_T1), .INIT_T2(INIT_T2), .INIT_T3(INIT_T3),
                 .INIT_T4(INIT_T4), .INIT_T5(INIT_T5)) matcher (
    .clk_i(clk), .rst_ni(rst_n), .word_i(word), .valid_i(word_valid),
    .word_o(matched_word), .trig_o(triggers), .valid_o(matched_valid),
    .dl_we_i(1'b0), .dl_addr_i(16'd0), .dl_data_i(32'd0), .dl_masked_o(masked_unused),
    .dl_loading_o(loading_unused), .tag_i(1'b0), .tag_o(tag_unused));

  wire [7:0]  test_unused, fifo_count;
  wire [31:0] overrun_count;
  wire        out_en_unused, phase_unused, shadow_unused, busy_unused, discard_unused;
  mk2_chip #(.HW_TRIGGER(HW_TRIGGER), .HW_TRIGGER_LEVEL(3), .HW_TRIGGER_CPU(TRIGGER_CPU)) chip (
    .clk_i(clk), .rst_ni(rst_n), .tsclk_i(1'b0),
    .readb_i(readb), .writeb_i(writeb), .startb_i(startb), .holdb_i(holdb), .ackb_o(ackb),
    .addr_i(addr), .data_i(data), .data_o(data_out), .data_oe_o(data_oe), .cpu_id_i(8'd0),
    .waitstate_i(1'b0), .ext_i(16'd0), .testb_i(1'b1), .outdisb_i(1'b1),
    .netrdy_i(1'b1), .fifodab_o(fifodab), .netclk_o(netclk), .net_data_o(net_data),
    .net_parity_o(parity), .net_eom_o(eom), .test_o(test_unused), .out_en_o(out_en_unused),
    .hw_trigger_i(matched_valid && triggers[0]), .hw_trigger_word_i(matched_word),
    .dbg_fifo_count_o(fifo_count), .dbg_counter_phase_o(phase_unused), .dbg_shadow_busy_o(shadow_unused),
    .dbg_net_busy_o(busy_unused), .dbg_discard_o(discard_unused), .dbg_overrun_count_o(overrun_count));

  // one processor cycle, as the C bus-functional model makes them (docs/decisions.md section 9)
  task bus(input is_read, input [6:0] a, input [63:0] d, output [63:0] q);
    begin
      @(negedge clk); startb = 1'b0; readb = !is_read; writeb = is_read; addr = a; data = d;
      @(negedge clk); startb = 1'b1; readb = 1'b1; writeb = 1'b1;
      while (ackb) @(negedge clk);
      q = data_out;
    end
  endtask

  // the network output, checked and written to +out by the shared capture
  integer out, gpulses = 0;
  wire [31:0] samples, nbytes, errors;
  always @(posedge clk) if (rst_n && matched_valid && triggers[0]) gpulses = gpulses + 1;
  mk2_net_capture capture (
    .clk_i(clk), .rst_ni(rst_n), .fd_i(out), .netclk_i(netclk), .fifodab_i(fifodab), .data_i(net_data),
    .parity_i(parity), .eom_i(eom), .netrdy_i(1'b1), .samples_o(samples), .nbytes_o(nbytes), .errors_o(errors));

  reg [31:0] words [0:65535];
  integer n, gap, i, g;
  reg [63:0] q;
  reg [1023:0] words_file, out_file;
  initial begin
    if (!$value$plusargs("words=%s", words_file) || !$value$plusargs("n=%d", n) ||
        !$value$plusargs("gap=%d", gap) || !$value$plusargs("out=%s", out_file)) begin
      $display("FAIL: want +words= +n= +gap= +out="); $finish;
    end
    $readmemh(words_file, words);
    out = $fopen(out_file, "w");
    repeat (8) @(negedge clk);
    rst_n = 1'b1;
    repeat (4) @(negedge clk);
    bus(1'b0, 7'd1, 64'h1, q);       // enable sampling (Filter resets to all ones)
    for (i = 0; i < n; i = i + 1) begin
      @(negedge clk); word = words[i]; word_valid = 1'b1;
      for (g = 1; g < gap; g = g + 1) begin @(negedge clk); word_valid = 1'b0; end
    end
    @(negedge clk); word_valid = 1'b0;
    repeat (20) @(negedge clk);
    while (fifo_count != 8'd0 || nbytes != 32'd0) @(negedge clk);
    repeat (4) @(negedge clk);
    bus(1'b1, 7'd6, 64'd0, q);
    $fdisplay(out, "overruns=%0d", q[31:0]);
    $fclose(out);
    if (errors != 32'd0) $display("FAIL: %0d capture errors", errors);
    $display("DONE samples=%0d triggers=%0d", samples, gpulses);
    $finish;
  end
endmodule
`default_nettype wire
