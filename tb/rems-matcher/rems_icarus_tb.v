`default_nettype none
// rems_icarus_tb: runs rems_matcher under Icarus the way `make rems` runs it under Verilator: reset, the
// download file written through the download port one write per clock, then the words one per clock.
// Prints "word trig" per result into +out=FILE. tb/rems-matcher/icarus-tests compares that with the patterns.
//   vvp rems_icarus_tb.vvp +download=download.memh +words=words.memh +n=NWORDS +out=FILE [+noload] [+overlap=K]
// +noload skips the download: the tables are then the INIT_T* images loaded at elaboration.
// +overlap=K starts the words K clocks before the end of the download, so that the first K words are
// presented in clocks with a write: by the matcher's rule exactly they are masked, and they are printed
// as "word --" (their trig_o must be 0). Any X on a valid result prints as x and fails the comparison.
// Parameters: L3_SPRAM, OUTREG and INIT_T0..INIT_T5 (passed on to the matcher), MAX_WORDS (word buffer).
module rems_icarus_tb;
  parameter L3_SPRAM = 0;          // level-3 variant under test
  parameter OUTREG = 0;            // RAM output registers (LATENCY 8)
  parameter MAX_WORDS = 1 << 16;   // words buffer
  parameter INIT_T0 = "";          // $readmemh images of the tables ("" = zeros)
  parameter INIT_T1 = "";
  parameter INIT_T2 = "";
  parameter INIT_T3 = "";
  parameter INIT_T4 = "";
  parameter INIT_T5 = "";

  reg clk = 1'b0;
  reg rst_n = 1'b0;
  reg [31:0] word = 32'd0;
  reg valid = 1'b0;
  reg dl_we = 1'b0;
  reg [15:0] dl_addr = 16'd0;
  reg [31:0] dl_data = 32'd0;
  wire [31:0] word_o;
  wire [6:0] trig_o;
  wire valid_o, masked, loading;
  wire [7:0] tag_o;

  rems_matcher #(.L3_SPRAM(L3_SPRAM), .OUTREG(OUTREG), .INIT_T0(INIT_T0), .INIT_T1(INIT_T1), .INIT_T2(INIT_T2),
                 .INIT_T3(INIT_T3), .INIT_T4(INIT_T4), .INIT_T5(INIT_T5), .TAG_W(8)) dut (
    .clk_i(clk), .rst_ni(rst_n), .word_i(word), .valid_i(valid), .word_o(word_o), .trig_o(trig_o),
    .valid_o(valid_o), .dl_we_i(dl_we), .dl_addr_i(dl_addr), .dl_data_i(dl_data), .dl_masked_o(masked),
    .dl_loading_o(loading), .tag_i(word[7:0]), .tag_o(tag_o));

  // the tag port carries the word's low byte: it must leave in step with the word itself, every clock
  always @(posedge clk) if (tag_o !== word_o[7:0]) $display("FAIL: tag_o %h beside word_o %h: not in step", tag_o, word_o);

  always #5 clk = ~clk;

  reg [47:0] dl [0:67583];
  reg [31:0] words [0:MAX_WORDS-1];
  reg [8*1024-1:0] dl_file, words_file, out_file;
  integer n, i, fd, results, errors, overlap, ndl, first_word;

  // results are sampled just after each rising edge
  always @(posedge clk) begin
    #1;
    if (valid_o === 1'b1) begin
      if (masked === 1'b1 && results < overlap) begin
        $fdisplay(fd, "%08x --", word_o);
        if (trig_o !== 7'd0) errors = errors + 1;
      end else begin
        $fdisplay(fd, "%08x %02x", word_o, trig_o);
        if (masked !== 1'b0) errors = errors + 1;
      end
      results = results + 1;
    end else if (valid_o !== 1'b0 || trig_o !== 7'd0) errors = errors + 1;
  end

  initial begin
    results = 0;
    errors = 0;
    overlap = 0;
    if ($value$plusargs("overlap=%d", overlap) && (overlap < 0 || overlap > 1000)) begin
      $display("rems_icarus_tb: +overlap must be 0..1000");
      $finish;
    end
    if (!$value$plusargs("download=%s", dl_file) || !$value$plusargs("words=%s", words_file) ||
        !$value$plusargs("n=%d", n) || !$value$plusargs("out=%s", out_file)) begin
      $display("usage: +download=FILE +words=FILE +n=N +out=FILE");
      $finish;
    end
    if (n > MAX_WORDS) begin $display("rems_icarus_tb: more than %0d words", MAX_WORDS); $finish; end
    if (!$test$plusargs("noload")) $readmemh(dl_file, dl);
    if (n > 0) $readmemh(words_file, words, 0, n - 1);
    fd = $fopen(out_file, "w");
    repeat (3) @(negedge clk);
    rst_n = 1'b1;
    // one clock per download write, then (or, with +overlap, overlapping its last K clocks) one per word
    ndl = $test$plusargs("noload") ? 0 : 67584;
    first_word = ndl - overlap;
    for (i = 0; i < first_word + n || i < ndl + 1; i = i + 1) begin
      @(negedge clk);
      dl_we = i < ndl;
      dl_addr = i < ndl ? dl[i][47:32] : 16'd0;
      dl_data = i < ndl ? dl[i][31:0] : 32'd0;
      valid = i >= first_word && i < first_word + n;
      word = valid ? words[i - first_word] : 32'd0;
    end
    @(negedge clk);
    dl_we = 1'b0;
    valid = 1'b0;
    repeat (12) @(negedge clk);
    $fclose(fd);
    if (results != n || errors != 0) $display("rems_icarus_tb: FAIL: %0d results for %0d words, %0d errors", results, n, errors);
    else $display("rems_icarus_tb: %0d words", n);
    $finish;
  end
endmodule
`default_nettype wire
