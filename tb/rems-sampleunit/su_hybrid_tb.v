`default_nettype none
// su_hybrid_tb: the hybrid link from the Sample Units' side, under Icarus. Two units of rems_unit_array,
// both loaded through their download port with remsc's download.memh (+dl=FILE, broadcast to both), watch
// their own probe streams; the array's trig_o[0] and gword_o drive the hw_trigger inputs of a MultiKron II
// built with HW_TRIGGER = 1 (docs/decisions.md D11; tb/common/mk2_hybrid_chip.v). The processor only enables
// sampling. Every sample that leaves the MultiKron II network is written to +out=FILE as "cpu type data", then
// the Overrun Error Counter.
// The stimulus is fixed (tb/rems-sampleunit/hybrid.expect, derived by hand from tb/rems-sampleunit/hybrid.pat):
//   clock 0    unit 0: 00ff0000 (G)              clock 30   unit 1: dead0002 (G,S1)
//   clock 60   unit 0: 12345678 (nothing)        clock 90   unit 1: 00000001 (S6 only)
//   clock 120  unit 0: 00ff00ff (G) and unit 1: deadbeee (G) in the same clock: one trigger, unit 0's word
//   clock 150  unit 1: 00ff0042 (G)
module su_hybrid_tb;
  reg clk = 1'b0;
  always #5 clk = !clk;

  reg         rst_n = 1'b0;
  reg  [63:0] words = 64'd0;
  reg  [1:0]  valid = 2'b00;
  reg         dl_we = 1'b0;
  reg  [15:0] dl_addr = 16'd0;
  reg  [31:0] dl_data = 32'd0;
  wire [6:0]  trig;
  wire [31:0] gword, host_rdata_unused;

  rems_unit_array #(.UNITS(2), .KINDS(16'h0), .FIFO_DEPTH(4), .MEM_SAMPLES(16)) units (
    .clk_i(clk), .rst_ni(rst_n), .word_i(words), .valid_i(valid), .ev_i(8'd0), .tick_i(1'b1),
    .dl_units_i(2'b11), .dl_we_i(dl_we), .dl_addr_i(dl_addr), .dl_data_i(dl_data),
    .cfg_we_i(1'b0), .cfg_unit_i(3'd0), .cfg_data_i(12'd0), .restart_i(1'b0),
    .host_unit_i(3'd0), .host_reg_i(1'b0), .host_addr_i(5'd0), .host_rdata_o(host_rdata_unused),
    .trig_o(trig), .gword_o(gword));

  // the MultiKron II, its processor and the network capture, which writes every sample to +out
  integer out;
  wire [31:0] samples;
  mk2_hybrid_chip #(.HW_TRIGGER(1), .TRIGGER_CPU(5)) mk2 (
    .clk_i(clk), .rst_ni(rst_n), .hw_trigger_i(trig[0]), .hw_trigger_word_i(gword), .fd_i(out),
    .samples_o(samples));

  reg [47:0] dl [0:67583];
  reg [63:0] q;
  reg [1023:0] dl_file, out_file;
  integer i, t;
  // one probe clock: unit 0 word w0 (valid v0), unit 1 word w1 (valid v1), then 29 idle clocks
  task probe(input v0, input [31:0] w0, input v1, input [31:0] w1);
    begin
      @(negedge clk); words = {w1, w0}; valid = {v1, v0};
      @(negedge clk); valid = 2'b00;
      for (t = 0; t < 28; t = t + 1) @(negedge clk);
    end
  endtask

  initial begin
    if (!$value$plusargs("dl=%s", dl_file) || !$value$plusargs("out=%s", out_file)) begin
      $display("FAIL: want +dl= +out="); $finish;
    end
    $readmemh(dl_file, dl);
    out = $fopen(out_file, "w");
    repeat (8) @(negedge clk);
    rst_n = 1'b1;
    for (i = 0; i < 67584; i = i + 1) begin
      @(negedge clk); dl_we = 1'b1; dl_addr = dl[i][47:32]; dl_data = dl[i][31:0];
    end
    @(negedge clk); dl_we = 1'b0;
    mk2.bus(1'b0, 7'd1, 64'h1, q);   // enable sampling (Filter resets to all ones)
    probe(1'b1, 32'h00ff0000, 1'b0, 32'h0);
    probe(1'b0, 32'h0, 1'b1, 32'hdead0002);
    probe(1'b1, 32'h12345678, 1'b0, 32'h0);
    probe(1'b0, 32'h0, 1'b1, 32'h00000001);
    probe(1'b1, 32'h00ff00ff, 1'b1, 32'hdeadbeee);
    probe(1'b0, 32'h0, 1'b1, 32'h00ff0042);
    mk2.drain(40);
    $fclose(out);
    $display("DONE samples=%0d", samples);
    $finish;
  end
endmodule
`default_nettype wire
