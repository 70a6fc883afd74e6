`default_nettype none
// rems_matcher: the REMS pattern matcher (NBSIR 87-3663 section 3.3). Every clock it takes one 32-bit
// trigger word and, LATENCY clocks later, gives back the same word with its seven trigger bits: bit 0 the
// global trigger G, bits 1..6 the selective triggers S1..S6. The triggers are looked up in three levels of
// RAM with recoding (the scheme packet classification later called Recursive Flow Classification):
//   level 1: T0[word[31:21]] -> code0 (7 bits), T1[word[20:10]] -> code1 (8 bits), T2[word[9:0]] -> code2 (7)
//   level 2: T3[{code0, code1[7:4]}] -> code3 (8 bits), T4[{code1[3:0], code2}] -> code4 (8 bits)
//   level 3: T5[{code3, code4}] -> the 7 trigger bits
// Code 0 means "no pattern" at every level. The table contents come from tools/remsc (docs/rems-matcher.md).
//
// Clock domain: clk_i; rst_ni is a synchronous active-low reset (pass it through rtl/common/reset_sync.v).
// Latency: LATENCY = 5 + 3 * OUTREG clocks from word_i/valid_i to word_o/trig_o/valid_o (5 by default, 8
// with OUTREG = 1, one more clock per RAM level), one result per clock, no bubbles: valid_o is valid_i
// delayed by exactly LATENCY clocks. trig_o is 0 whenever valid_o is low.
// tag_i (TAG_W bits) leaves on tag_o the same LATENCY clocks later, whatever valid_i: whatever must stay
// in step with the matcher's results (the Sample Units' events) rides along, so no instantiating module
// has to know LATENCY. Tie it to 0 when unused: synthesis then removes it.
//
// Download port (one write per clock, taken at the rising edge where dl_we_i is high and written into the
// table at that edge, or with OUTREG = 1 at the next one: no result shows the difference, see the download
// decode; dl_addr_i is the long-word address inside the matcher's 64K long-word block, as in the paper
// section 3.3.1):
//   dl_data_i[31]    level select: 0 = level 1, 1 = levels 2 and 3
//   dl_data_i[30]    1 = this write ends a download (commit), 0 = a download is in progress
//   dl_data_i[26:24] per-table write enables (level 1: T0,T1,T2; levels 2/3: T3,T4,T5)
//   level 1 write:   T0[addr[10:0]] = data[6:0], T1[addr[10:0]] = data[15:8],
//                    T2[addr[9:0]] = data[22:16] (only when addr[10] = 0: T2 has 1K entries)
//   level 2/3 write: T3[addr[10:0]] = data[15:8], T4[addr[10:0]] = data[23:16], T5[addr[15:0]] = data[6:0]
//   Other data bits are reserved (write 0); address bits above a table's size are ignored.
// Writing while words stream: a word's triggers come from one consistent set of tables or are masked.
// Every word that is in the pipeline (from the clock it is presented, t, to the clock of its level-3 read,
// t+3, or t+5 with OUTREG = 1) in a clock with dl_we_i high, or while a download is in progress (a write with data[30] = 0 seen and no commit
// write since), leaves at its normal time with its word and valid but with trig_o = 0 and dl_masked_o = 1.
// Words wholly before the first write see the old tables, words wholly after the commit the new ones.
//
// Parameters: L3_SPRAM (level-3 RAM style), OUTREG (one more register per RAM level, for ECP5 at 150 MHz:
// the DP16KD output registers; see rems_table), INIT_T0..INIT_T5 (optional $readmemh images of the tables),
// TAG_W (width of tag_i/tag_o).
module rems_matcher #(
  parameter L3_SPRAM = 0,   // 0: level 3 as dual-port block RAM (EBR/DP16KD), 1: single-port SPRAM form
  parameter OUTREG   = 0,   // 0: LATENCY 5; 1: a second read register after every RAM, LATENCY 8 (needs
                            //    L3_SPRAM = 0; with REMS_ECP5_DP16KD defined it is the DP16KD's own)
  parameter INIT_T0  = "",  // $readmemh image of T0 (2048 x 7), "" = zeros
  parameter INIT_T1  = "",  // T1 (2048 x 8)
  parameter INIT_T2  = "",  // T2 (1024 x 7)
  parameter INIT_T3  = "",  // T3 (2048 x 8)
  parameter INIT_T4  = "",  // T4 (2048 x 8)
  parameter INIT_T5  = "",  // T5 (65536 x 7); ignored (no initial contents) when L3_SPRAM = 1
  parameter TAG_W    = 1    // bits carried from tag_i to tag_o
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // streaming side
  input  wire [31:0] word_i,
  input  wire        valid_i,
  output wire [31:0] word_o,
  output wire [6:0]  trig_o,   // bit 0 = G, bits 1..6 = S1..S6
  output wire        valid_o,
  input  wire [TAG_W-1:0] tag_i,    // carried to tag_o with the same latency as a word, never looked at
  output wire [TAG_W-1:0] tag_o,
  // download port
  input  wire        dl_we_i,
  input  wire [15:0] dl_addr_i,
  input  wire [31:0] dl_data_i,
  output wire        dl_masked_o,   // with valid_o: this word's triggers were forced to 0 by a download
  output wire        dl_loading_o   // a download is in progress (started and not yet committed)
);
  localparam LATENCY = 5 + 3 * OUTREG;  // clocks from word_i to word_o (and tag_i to tag_o); also in docs/rems-matcher.md
  // Pipeline stages s0 .. s(STAGES-1) before the output register: the input latch, then one stage per
  // RAM read register (1 + OUTREG per level). Stage k holds a word presented in clock t during clock
  // t+k+1; the word's level-3 read happens at the edge ending clock t+L3_READ.
  localparam STAGES = 4 + 3 * OUTREG;
  localparam L3_READ = 3 + 2 * OUTREG;

  initial begin
    if (L3_SPRAM != 0 && L3_SPRAM != 1) begin $error("rems_matcher: L3_SPRAM must be 0 or 1"); $finish; end
    if (OUTREG != 0 && OUTREG != 1) begin $error("rems_matcher: OUTREG must be 0 or 1"); $finish; end
    if (OUTREG != 0 && L3_SPRAM != 0) begin
      $error("rems_matcher: OUTREG = 1 needs L3_SPRAM = 0 (it exists for ECP5 block RAM)"); $finish;
    end
  end

  // ---- download decode ----
  wire dl_level1 = dl_we_i && !dl_data_i[31];
  wire dl_level23 = dl_we_i && dl_data_i[31];
  wire [5:0] we_dec = {dl_level23 && dl_data_i[26], dl_level23 && dl_data_i[25], dl_level23 && dl_data_i[24],
                       dl_level1 && dl_data_i[26] && !dl_addr_i[10], dl_level1 && dl_data_i[25],
                       dl_level1 && dl_data_i[24]};
  // The tables' write port. OUTREG = 0: the decoded download port itself. OUTREG = 1: one register later
  // (the write enables, address and data of T0..T5), so that no download decision reaches the 28 level-3
  // DP16KD write enables in the clock it arrives (at 150 MHz on an 85F that route alone took 5 ns). The
  // masking below is still computed from dl_we_i: a write in clock c now lands at the edge ending c+1,
  // which only the words presented in clocks c-L3_READ+1 .. c read around, and the window already masks
  // c-L3_READ .. c; so the same words are masked as with the write at the edge ending c.
  wire [5:0]  tw_we;
  wire [15:0] tw_addr;
  // dl_data_i[23:0]: every table's data field; bit 7 is reserved (no table takes it)
  /* verilator lint_off UNUSEDSIGNAL */
  wire [23:0] tw_data;
  /* verilator lint_on UNUSEDSIGNAL */
  generate
    if (OUTREG != 0) begin : g_dl_reg
      reg [5:0]  we_q, we_d;
      reg [15:0] addr_q, addr_d;
      reg [23:0] data_q, data_d;
      always @* begin
        we_d = we_q; addr_d = addr_q; data_d = data_q;
        we_d = we_dec;
        addr_d = dl_addr_i;
        data_d = dl_data_i[23:0];
      end
      always @(posedge clk_i) begin
        if (!rst_ni) we_q <= 6'd0;
        else         we_q <= we_d;
        addr_q <= addr_d;   // no reset: only looked at with a write enable
        data_q <= data_d;
      end
      assign tw_we = we_q;
      assign tw_addr = addr_q;
      assign tw_data = data_q;
    end else begin : g_dl_direct
      assign tw_we = we_dec;
      assign tw_addr = dl_addr_i;
      assign tw_data = dl_data_i[23:0];
    end
  endgenerate
  wire we_t0 = tw_we[0];
  wire we_t1 = tw_we[1];
  wire we_t2 = tw_we[2];
  wire we_t3 = tw_we[3];
  wire we_t4 = tw_we[4];
  wire we_t5 = tw_we[5];
  // Reserved data bits are ignored (docs/rems-matcher.md asks writers to send 0).
  /* verilator lint_off UNUSEDSIGNAL */
  wire [31:0] dl_data_unused = dl_data_i;
  /* verilator lint_on UNUSEDSIGNAL */

  // ---- pipeline registers: stage k of word/valid/taint at bit k (word: [32k +: 32]); s0 = input latch,
  // s(1+OUTREG) = level-1 codes, s(2+2*OUTREG) = level-2 codes, s(STAGES-1) = level-3 triggers ----
  reg [32*STAGES-1:0] word_pipe_q, word_pipe_d;
  reg [STAGES-1:0]    valid_pipe_q, valid_pipe_d;
  reg [STAGES-1:0]    taint_pipe_q, taint_pipe_d;
  reg [31:0] word_out_q, word_out_d;
  reg        valid_out_q, valid_out_d;
  reg        masked_out_q, masked_out_d;
  reg [6:0]  trig_out_q, trig_out_d;
  reg        loading_q, loading_d;

  wire [6:0] code0, code2;
  wire [7:0] code1, code3, code4;
  wire [6:0] l3_trig;

  // A write in any clock while a word is between its presentation and its level-3 read may give it
  // codes from two different table sets, so it taints the word; so does an unfinished download.
  wire table_change = dl_we_i || loading_q;
  wire [31:0] word_last = word_pipe_q[32*(STAGES-1) +: 32];
  wire valid_last = valid_pipe_q[STAGES-1];
  wire taint_last = taint_pipe_q[STAGES-1];

  integer k;
  always @* begin
    word_pipe_d = word_pipe_q; valid_pipe_d = valid_pipe_q; taint_pipe_d = taint_pipe_q;
    word_out_d = word_out_q; valid_out_d = valid_out_q; masked_out_d = masked_out_q;
    trig_out_d = trig_out_q;
    loading_d = loading_q;

    if (dl_we_i) loading_d = !dl_data_i[30];

    word_pipe_d = {word_pipe_q[32*(STAGES-1)-1:0], word_i};
    valid_pipe_d = {valid_pipe_q[STAGES-2:0], valid_i};
    // stage k covers clock t+k of its word: a change then taints it up to the level-3 read (stage L3_READ);
    // the output-register stage after it (OUTREG = 1) reads no table
    taint_pipe_d[0] = table_change;
    for (k = 1; k < STAGES; k = k + 1) taint_pipe_d[k] = taint_pipe_q[k-1] || (k <= L3_READ && table_change);
    word_out_d = word_last;   valid_out_d = valid_last;
    masked_out_d = valid_last && taint_last;
    trig_out_d = (valid_last && !taint_last) ? l3_trig : 7'd0;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      word_pipe_q <= {32*STAGES{1'b0}}; valid_pipe_q <= {STAGES{1'b0}}; taint_pipe_q <= {STAGES{1'b0}};
      word_out_q <= 32'd0; valid_out_q <= 1'b0; masked_out_q <= 1'b0;
      trig_out_q <= 7'd0;
      loading_q <= 1'b0;
    end else begin
      word_pipe_q <= word_pipe_d; valid_pipe_q <= valid_pipe_d; taint_pipe_q <= taint_pipe_d;
      word_out_q <= word_out_d; valid_out_q <= valid_out_d; masked_out_q <= masked_out_d;
      trig_out_q <= trig_out_d;
      loading_q <= loading_d;
    end
  end

`ifdef FORMAL
  // formal only: one entry of each table, chosen by the solver, and its contents now (the tables' probe
  // ports; the properties at the end of the module use them)
  (* anyconst *) reg [10:0] f_a0;
  (* anyconst *) reg [10:0] f_a1;
  (* anyconst *) reg [9:0]  f_a2;
  (* anyconst *) reg [10:0] f_a3;
  (* anyconst *) reg [10:0] f_a4;
  (* anyconst *) reg [15:0] f_a5;
  wire [6:0] f_p0, f_p2, f_p5;
  wire [7:0] f_p1, f_p3, f_p4;
`define REMS_PROBE(a, p) , .f_probe_addr_i(a), .f_probe_data_o(p)
`else
`define REMS_PROBE(a, p)
`endif

  // ---- level 1: read with the input latch (s0), codes valid in s(1+OUTREG) ----
  rems_table #(.WIDTH(7), .DEPTH(2048), .INIT_FILE(INIT_T0), .OUTREG(OUTREG)) t0 (
    .clk_i(clk_i), .we_i(we_t0), .waddr_i(tw_addr[10:0]), .wdata_i(tw_data[6:0]),
    .raddr_i(word_pipe_q[31:21]), .rdata_o(code0) `REMS_PROBE(f_a0, f_p0));
  rems_table #(.WIDTH(8), .DEPTH(2048), .INIT_FILE(INIT_T1), .OUTREG(OUTREG)) t1 (
    .clk_i(clk_i), .we_i(we_t1), .waddr_i(tw_addr[10:0]), .wdata_i(tw_data[15:8]),
    .raddr_i(word_pipe_q[20:10]), .rdata_o(code1) `REMS_PROBE(f_a1, f_p1));
  rems_table #(.WIDTH(7), .DEPTH(1024), .INIT_FILE(INIT_T2), .OUTREG(OUTREG)) t2 (
    .clk_i(clk_i), .we_i(we_t2), .waddr_i(tw_addr[9:0]), .wdata_i(tw_data[22:16]),
    .raddr_i(word_pipe_q[9:0]), .rdata_o(code2) `REMS_PROBE(f_a2, f_p2));

  // ---- level 2: addressed straight by the level-1 RAM outputs, codes valid in s(2+2*OUTREG) ----
  rems_table #(.WIDTH(8), .DEPTH(2048), .INIT_FILE(INIT_T3), .OUTREG(OUTREG)) t3 (
    .clk_i(clk_i), .we_i(we_t3), .waddr_i(tw_addr[10:0]), .wdata_i(tw_data[15:8]),
    .raddr_i({code0, code1[7:4]}), .rdata_o(code3) `REMS_PROBE(f_a3, f_p3));
  rems_table #(.WIDTH(8), .DEPTH(2048), .INIT_FILE(INIT_T4), .OUTREG(OUTREG)) t4 (
    .clk_i(clk_i), .we_i(we_t4), .waddr_i(tw_addr[10:0]), .wdata_i(tw_data[23:16]),
    .raddr_i({code1[3:0], code2}), .rdata_o(code4) `REMS_PROBE(f_a4, f_p4));

  // ---- level 3: 64K x 7, triggers valid in s(STAGES-1) ----
  generate
    if (L3_SPRAM != 0) begin : g_l3_spram
      rems_l3_spram #(.WIDTH(7)) t5 (
        .clk_i(clk_i), .we_i(we_t5), .waddr_i(tw_addr), .wdata_i(tw_data[6:0]),
        .raddr_i({code3, code4}), .rdata_o(l3_trig) `REMS_PROBE(f_a5, f_p5));
    end else begin : g_l3_bram
      rems_table #(.WIDTH(7), .DEPTH(65536), .INIT_FILE(INIT_T5), .OUTREG(OUTREG)) t5 (
        .clk_i(clk_i), .we_i(we_t5), .waddr_i(tw_addr), .wdata_i(tw_data[6:0]),
        .raddr_i({code3, code4}), .rdata_o(l3_trig) `REMS_PROBE(f_a5, f_p5));
    end
  endgenerate
`undef REMS_PROBE

  assign word_o = word_out_q;
  assign trig_o = trig_out_q;
  assign valid_o = valid_out_q;
  assign dl_masked_o = masked_out_q;
  assign dl_loading_o = loading_q;

  // ---- the tag: a plain shift register of LATENCY stages, reset with the pipeline ----
  reg [TAG_W*LATENCY-1:0] tag_pipe_q;
  always @(posedge clk_i) begin
    if (!rst_ni) tag_pipe_q <= {TAG_W*LATENCY{1'b0}};
    else         tag_pipe_q <= {tag_pipe_q[TAG_W*(LATENCY-1)-1:0], tag_i};
  end
  assign tag_o = tag_pipe_q[TAG_W*LATENCY-1 -: TAG_W];

`ifdef FORMAL
  // Properties (make formal: rems_matcher_* sets, docs/formal.md), proven by k-induction for every table
  // contents (the tables start arbitrary in a formal build and change only through the download port):
  // a word presented with valid_i in clock t leaves in clock t+LATENCY with the same word, its tag, and
  // either masked (exactly when a table changed in clocks t..t+L3_READ) or with the triggers that the
  // tables give for that word. f_a0..f_a5 are one entry of each table chosen by the solver, f_p0..f_p5 their
  // contents: the word "hits" them when its lookup chain goes through all six, and then trig_o must be
  // f_p5. Since the solver picks the entries, this covers every word's chain.
  reg past_valid_q = 1'b0;
  // the last LATENCY clocks (bit i: i+1 clocks ago) of valid_i, word_i, tag_i and table_change, cleared
  // by a reset like the pipeline
  reg [LATENCY-1:0] valid_hist_q = {LATENCY{1'b0}};
  reg [32*LATENCY-1:0] f_word_hist_q = {32*LATENCY{1'b0}};
  reg [TAG_W*LATENCY-1:0] f_tag_hist_q = {TAG_W*LATENCY{1'b0}};
  reg [LATENCY-1:0] f_change_hist_q = {LATENCY{1'b0}};
  // the word in s0 (presented one clock ago) hits the chosen entries; what T5 holds for it; both shifted
  // to the output (bit/field i: i+2 clocks after the presentation)
  wire f_hit_s0 = word_pipe_q[31:21] == f_a0 && word_pipe_q[20:10] == f_a1 && word_pipe_q[9:0] == f_a2 &&
                  {f_p0, f_p1[7:4]} == f_a3 && {f_p1[3:0], f_p2} == f_a4 && {f_p3, f_p4} == f_a5;
  reg [LATENCY-2:0] f_hit_q = {(LATENCY-1){1'b0}};
  reg [7*(LATENCY-1)-1:0] f_exp_q = {7*(LATENCY-1){1'b0}};
  always @(posedge clk_i) begin
    past_valid_q <= 1'b1;
    valid_hist_q <= rst_ni ? {valid_hist_q[LATENCY-2:0], valid_i} : {LATENCY{1'b0}};
    f_word_hist_q <= {f_word_hist_q[32*(LATENCY-1)-1:0], word_i};
    f_tag_hist_q <= rst_ni ? {f_tag_hist_q[TAG_W*(LATENCY-1)-1:0], tag_i} : {TAG_W*LATENCY{1'b0}};
    f_change_hist_q <= rst_ni ? {f_change_hist_q[LATENCY-2:0], table_change} : {LATENCY{1'b0}};
    f_hit_q <= {f_hit_q[LATENCY-3:0], f_hit_s0};
    f_exp_q <= {f_exp_q[7*(LATENCY-2)-1:0], f_p5};
  end
  // the word leaving now was presented LATENCY clocks ago; a table change in its clocks t .. t+L3_READ
  wire [31:0] f_word_out = f_word_hist_q[32*(LATENCY-1) +: 32];
  wire        f_hit_out = f_hit_q[LATENCY-2];
  wire [6:0]  f_exp_out = f_exp_q[7*(LATENCY-2) +: 7];
  wire        f_window_changed = |f_change_hist_q[LATENCY-1 -: L3_READ+1];
  // every trace starts in reset
  always @* if (!past_valid_q) assume(!rst_ni);
  always @(posedge clk_i) begin
    if (past_valid_q) begin
      // fixed latency, no bubbles: valid_o is valid_i exactly LATENCY clocks earlier
      assert(valid_o == valid_hist_q[LATENCY - 1]);
      // the tag rides along with the same latency
      assert(tag_o == f_tag_hist_q[TAG_W*(LATENCY-1) +: TAG_W]);
      // the word leaves with its own value
      assert(!valid_o || word_o == f_word_out);
      // masked exactly when a table changed (or a download was open) while the word was being looked up
      assert(dl_masked_o == (valid_o && f_window_changed));
      // its own triggers: the ones the tables give for this word
      if (valid_o && !dl_masked_o && f_hit_out) assert(trig_o == f_exp_out);
      // triggers only ever accompany a valid word, and never a masked one
      assert(valid_o || trig_o == 7'd0);
      assert(!dl_masked_o || trig_o == 7'd0);
      assert(!dl_masked_o || valid_o);
      assert(dl_loading_o == loading_q);
    end
  end
  // Invariants for the induction: the pipeline's valid and taint bits are the histories above.
  integer f_k;
  always @* if (past_valid_q) begin
    for (f_k = 0; f_k < STAGES; f_k = f_k + 1) begin
      assert(valid_pipe_q[f_k] == valid_hist_q[f_k]);
      assert(!valid_pipe_q[f_k] || word_pipe_q[32*f_k +: 32] == f_word_hist_q[32*f_k +: 32]);
    end
  end

  // covers: a trigger, triggers on two words back to back, a masked word, and a trigger from a T5 entry
  // written through the download port (so the proofs above are not vacuous)
  reg f_fired_q = 1'b0;
  reg f_t5_written_q = 1'b0;
  always @(posedge clk_i) begin
    f_fired_q <= rst_ni && valid_o && trig_o != 7'd0;
    if (rst_ni && we_t5 && dl_addr_i == f_a5) f_t5_written_q <= 1'b1;
  end
  always @* if (past_valid_q && rst_ni) begin
    cover(valid_o && trig_o != 7'd0);
    cover(valid_o && trig_o != 7'd0 && f_fired_q);
    cover(dl_masked_o);
    cover(valid_o && f_hit_out && trig_o != 7'd0 && f_t5_written_q && !dl_loading_o);
  end
`endif
endmodule
`default_nettype wire
