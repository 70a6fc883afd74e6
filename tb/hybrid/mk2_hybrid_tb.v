`default_nettype none
`timescale 1ns/1ps
// mk2_hybrid_tb: the hybrid link of docs/decisions.md D11 under Icarus. The REMS pattern matcher, its tables
// loaded from remsc's $readmemh images (INIT_T0..INIT_T5), watches a stream of words; its global trigger G
// and the matched word drive the hw_trigger inputs of a MultiKron II built with HW_TRIGGER = 1. The
// processor only enables sampling. The network output is captured byte by byte (tb/common/mk2_hybrid_chip.v:
// odd parity, EOM, NETRDY checked) and every sample is written to +out as "cpu type data", followed by a line
// with the Overrun Error Counter read at the end.
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

  // the MultiKron II, its processor and the network capture, which writes every sample to +out
  integer out, gpulses = 0;
  wire [31:0] samples;
  always @(posedge clk) if (rst_n && matched_valid && triggers[0]) gpulses = gpulses + 1;
  mk2_hybrid_chip #(.HW_TRIGGER(HW_TRIGGER), .TRIGGER_CPU(TRIGGER_CPU)) mk2 (
    .clk_i(clk), .rst_ni(rst_n), .hw_trigger_i(matched_valid && triggers[0]), .hw_trigger_word_i(matched_word),
    .fd_i(out), .samples_o(samples));

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
    mk2.bus(1'b0, 7'd1, 64'h1, q);   // enable sampling (Filter resets to all ones)
    for (i = 0; i < n; i = i + 1) begin
      @(negedge clk); word = words[i]; word_valid = 1'b1;
      for (g = 1; g < gap; g = g + 1) begin @(negedge clk); word_valid = 1'b0; end
    end
    @(negedge clk); word_valid = 1'b0;
    mk2.drain(20);
    $fclose(out);
    $display("DONE samples=%0d triggers=%0d", samples, gpulses);
    $finish;
  end
endmodule
`default_nettype wire
