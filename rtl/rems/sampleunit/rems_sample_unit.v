`default_nettype none
// rems_sample_unit: the sampling half of a REMS Sample Unit (NBSIR 87-3663 sections 3.4, 3.5, Figures 2
// and 5): preprocessor, switch register, sample FIFO, state sequencer and sample memory. The pattern matcher
// is outside (rtl/rems/sampleunit/rems_unit_array.v pairs one with each unit and ORs the triggers of all units), so
// this module sees the broadcast triggers and this unit's latest trigger word.
//
// sample_i, sel_i, word_i, ev_i and tick_i pass one input register together (so "clock" below means one
// clock later than the inputs). In a clock with the sample strobe high the unit takes the 64-bit sample
// {word, preprocessor word} (the preprocessor as it is before this clock's events) and pushes it into the
// FIFO; a full FIFO drops it and counts a FIFO overflow. In the same clock every ratio pair whose switches
// select one of the active selective triggers is cleared, so the sample still holds the old period's
// counts; the clock's events count in the new period. A switch-register write applies to triggers that
// arrive on sel_i after the write's edge. The sequencer writes the FIFO head into the sample memory as two
// 32-bit words on two clocks, trigger word at address 2k, preprocessor word at 2k+1 (sample k); when full
// the memory drops the head in one clock and counts a memory overflow. Both overflow counters saturate at
// 2^32-1 and set a sticky flag. restart_i empties the FIFO and zeroes the sample count, the overflow
// counters and the flags (not the preprocessor).
//
// Switch register (cfg_i, loaded when cfg_we_i): bits 5:0 = S1..S6 clear pair 0, bits 11:6 = S1..S6 clear
// pair 1 (pair 0 only for KIND 2; ignored for the timestamp).
// Analysis side: mem_rdata_o = memory word mem_raddr_i 1 + OUTREG clocks after (a true second port: reads
// never stall the sequencer; a read of the word written at the same edge gives the new word); count_o =
// samples in memory.
//
// Clock domain: clk_i, rst_ni synchronous active low. Latency: sample_i at edge t is taken (pushed) at
// edge t+1; into an empty FIFO it is written at edges t+2 (word 0) and t+3 (word 1) and counted after
// edge t+3; the sequencer moves one sample per two clocks.
// Parameters: KIND (preprocessor, see rems_preproc.v), FIFO_DEPTH (samples, power of two >= 2),
// MEM_SAMPLES (samples the memory holds, power of two >= 2), OUTREG (0: read latency 1 through
// rtl/common/ram_1r1w.v; 1: read latency 2, the memory built as rems_table with its output register, which
// under REMS_ECP5_DP16KD is the DP16KD's own: a NOREG DP16KD's 5.6 ns clock-to-output leaves no time for
// the host read multiplexer at 150 MHz; MEM_SAMPLES <= 1024 then).
module rems_sample_unit #(
  parameter KIND        = 0,  // 0 two 6-bit ratio pairs, 1 timestamp, 2 one 14-bit ratio pair
  parameter FIFO_DEPTH  = 8,  // samples the FIFO holds
  parameter MEM_SAMPLES = 256,// samples the sample memory holds (two 32-bit words each)
  parameter OUTREG      = 0   // 1: sample memory read through its output register (latency 2)
) (
  input  wire                          clk_i,
  input  wire                          rst_ni,
  input  wire                          sample_i,   // global trigger (of any unit)
  input  wire [5:0]                    sel_i,      // selective triggers S1..S6 (of any unit)
  input  wire [31:0]                   word_i,     // this unit's trigger word
  input  wire [3:0]                    ev_i,       // preprocessor events {n1, d1, n0, d0}
  input  wire                          tick_i,     // timestamp clock enable
  input  wire                          cfg_we_i,
  input  wire [11:0]                   cfg_i,
  input  wire                          restart_i,
  input  wire [$clog2(2*MEM_SAMPLES)-1:0] mem_raddr_i,
  output wire [31:0]                   mem_rdata_o,
  output wire [$clog2(MEM_SAMPLES):0]  count_o,
  output wire [31:0]                   fifo_ovf_o,
  output wire [31:0]                   mem_ovf_o,
  output wire [1:0]                    flags_o,    // {memory overflowed, FIFO overflowed} since restart
  output wire [11:0]                   cfg_o,
  output wire [$clog2(FIFO_DEPTH):0]   fifo_level_o
);
  localparam MAW = $clog2(2 * MEM_SAMPLES);   // memory word address bits
  localparam CW  = $clog2(MEM_SAMPLES) + 1;   // sample count bits
  initial begin
    if (MEM_SAMPLES < 2 || (1 << (CW - 1)) != MEM_SAMPLES) begin
      $error("rems_sample_unit: MEM_SAMPLES must be a power of two >= 2"); $finish;
    end
    if (OUTREG != 0 && OUTREG != 1) begin $error("%m: OUTREG must be 0 or 1"); $finish; end
    if (OUTREG != 0 && MEM_SAMPLES > 1024) begin $error("%m: OUTREG = 1 needs MEM_SAMPLES <= 1024"); $finish; end
  end

  // ---- input stage: the triggers, the switch decision, the word and the events, registered together so
  // that the ratio pairs see a registered clear (their next-state logic is the unit's longest path) ----
  reg [11:0] cfg_q, cfg_d;
  reg        sample_q;
  reg [1:0]  clear_q;
  reg [31:0] word_q;
  reg [4:0]  ev_q;   // {tick, n1, d1, n0, d0}
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sample_q <= 1'b0;
      clear_q  <= 2'b00;
      word_q   <= 32'd0;
      ev_q     <= 5'd0;
    end else begin
      sample_q <= sample_i;
      clear_q  <= {|(sel_i & cfg_q[11:6]), |(sel_i & cfg_q[5:0])};
      word_q   <= word_i;
      ev_q     <= {tick_i, ev_i};
    end
  end

  // ---- preprocessor ----
  wire [31:0] pre_word;
  rems_preproc #(.KIND(KIND)) u_pre (
    .clk_i(clk_i), .rst_ni(rst_ni), .ev_i(ev_q[3:0]), .clear_i(clear_q), .tick_i(ev_q[4]), .word_o(pre_word));

  // ---- FIFO ----
  wire [63:0] head;
  wire        fifo_empty, fifo_full;
  reg         seq_word1_q, seq_word1_d;   // sequencer: 0 = write word 0 next, 1 = write word 1 next
  reg [CW-1:0] count_q, count_d;
  reg [31:0]  fifo_ovf_q, fifo_ovf_d, mem_ovf_q, mem_ovf_d;
  reg [1:0]   flags_q, flags_d;
  reg         mem_full_q, mem_full_d;   // registered count == MEM_SAMPLES
  reg         fovf_max_q, fovf_max_d;   // registered fifo_ovf_q == all ones (saturated)
  reg         movf_max_q, movf_max_d;   // registered mem_ovf_q == all ones
  wire mem_full = mem_full_q;
  wire fovf_inc = sample_q && fifo_full && !fovf_max_q;
  wire movf_inc = !fifo_empty && mem_full && !movf_max_q;
  wire pop = !fifo_empty && !restart_i && (seq_word1_q || mem_full);
  rems_sample_fifo #(.DEPTH(FIFO_DEPTH)) u_fifo (
    .clk_i(clk_i), .rst_ni(rst_ni), .flush_i(restart_i), .push_i(sample_q), .push_data_i({word_q, pre_word}),
    .pop_i(pop), .head_o(head), .empty_o(fifo_empty), .full_o(fifo_full), .level_o(fifo_level_o));

  // ---- sequencer (Figure 5): two memory writes per sample ----
  reg         mem_we;
  reg [MAW-1:0] mem_waddr;
  reg [31:0]  mem_wdata;
  always @* begin
    cfg_d       = cfg_q;
    seq_word1_d = seq_word1_q;
    count_d     = count_q;
    fifo_ovf_d  = fifo_ovf_q;
    mem_ovf_d   = mem_ovf_q;
    flags_d     = flags_q;
    mem_we      = 1'b0;
    mem_waddr   = {count_q[CW-2:0], seq_word1_q};
    mem_wdata   = seq_word1_q ? head[31:0] : head[63:32];

    if (cfg_we_i) cfg_d = cfg_i;
    if (!fifo_empty) begin
      if (mem_full) begin
        if (movf_inc) mem_ovf_d = mem_ovf_q + 32'd1;
        flags_d[1] = 1'b1;
      end else begin
        mem_we = 1'b1;
        seq_word1_d = !seq_word1_q;
        if (seq_word1_q) count_d = count_q + 1'b1;
      end
    end
    if (sample_q && fifo_full) begin
      if (fovf_inc) fifo_ovf_d = fifo_ovf_q + 32'd1;
      flags_d[0] = 1'b1;
    end
    if (restart_i) begin
      mem_we      = 1'b0;
      seq_word1_d = 1'b0;
      count_d     = {CW{1'b0}};
      fifo_ovf_d  = 32'd0;
      mem_ovf_d   = 32'd0;
      flags_d     = 2'b00;
    end
    // predicted from count_q (no wait for the count's carry chain; on ECP5 at 150 MHz that path was
    // 6.7 ns): the count only ever rises by one, and restart zeroes it
    if (restart_i) mem_full_d = 1'b0;
    else if (mem_we && seq_word1_q) mem_full_d = (count_q == MEM_SAMPLES[CW-1:0] - 1'b1);
    else mem_full_d = mem_full_q;
    // saturation flags predicted from the current count (no wait for the increment's carry chain)
    fovf_max_d = !restart_i && (fovf_max_q || (fovf_inc && fifo_ovf_q == 32'hffff_fffe));
    movf_max_d = !restart_i && (movf_max_q || (movf_inc && mem_ovf_q == 32'hffff_fffe));
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      cfg_q       <= 12'd0;
      seq_word1_q <= 1'b0;
      count_q     <= {CW{1'b0}};
      fifo_ovf_q  <= 32'd0;
      mem_ovf_q   <= 32'd0;
      flags_q     <= 2'b00;
      mem_full_q  <= 1'b0;
      fovf_max_q  <= 1'b0;
      movf_max_q  <= 1'b0;
    end else begin
      cfg_q       <= cfg_d;
      seq_word1_q <= seq_word1_d;
      count_q     <= count_d;
      fifo_ovf_q  <= fifo_ovf_d;
      mem_ovf_q   <= mem_ovf_d;
      flags_q     <= flags_d;
      mem_full_q  <= mem_full_d;
      fovf_max_q  <= fovf_max_d;
      movf_max_q  <= movf_max_d;
    end
  end

  // ---- sample memory: dual-ported block RAM, sequencer writes, analysis side reads ----
  generate
    if (OUTREG == 0) begin : g_mem
      ram_1r1w #(.WIDTH(32), .DEPTH(2 * MEM_SAMPLES)) u_mem (
        .clk_i(clk_i), .we_i(mem_we), .waddr_i(mem_waddr), .wdata_i(mem_wdata), .match_i(1'b0), .raddr_i(mem_raddr_i),
        .rdata_o(mem_rdata_o));
    end else begin : g_mem_outreg
      // The sequencer's write goes through a register (pw_*) and lands one edge later: the four DP16KD of
      // the memory may sit far from the FIFO, and the FIFO head multiplexer plus that route did not fit
      // 6.67 ns on an 85F. rems_table leaves a read of the word written at the same edge undefined. So the
      // write-first bypass of ram_1r1w covers both writes the RAM may not show yet: the sequencer's write
      // of this edge (newest, wins) and the pending one; the decision and data are registered with the read
      // and again with the output register, so mem_rdata_o is word for word what ram_1r1w would give.
      wire [31:0] table_rdata;
      reg         pw_we_q, pw_we_d;
      reg [MAW-1:0] pw_addr_q, pw_addr_d;
      reg [31:0]  pw_data_q, pw_data_d;
      rems_table #(.WIDTH(32), .DEPTH(2 * MEM_SAMPLES), .OUTREG(1)) u_mem (
        .clk_i(clk_i), .we_i(pw_we_q), .waddr_i(pw_addr_q), .wdata_i(pw_data_q), .raddr_i(mem_raddr_i),
        .rdata_o(table_rdata));
      reg        bypass1_q, bypass1_d, bypass2_q, bypass2_d;
      reg [31:0] wdata1_q, wdata1_d, wdata2_q, wdata2_d;
      always @* begin
        pw_we_d = pw_we_q; pw_addr_d = pw_addr_q; pw_data_d = pw_data_q;
        bypass1_d = bypass1_q; bypass2_d = bypass2_q; wdata1_d = wdata1_q; wdata2_d = wdata2_q;
        pw_we_d = mem_we;
        pw_addr_d = mem_waddr;
        pw_data_d = mem_wdata;
        if (mem_we && mem_waddr == mem_raddr_i) begin
          bypass1_d = 1'b1;
          wdata1_d  = mem_wdata;
        end else begin
          bypass1_d = pw_we_q && pw_addr_q == mem_raddr_i;
          wdata1_d  = pw_data_q;
        end
        bypass2_d = bypass1_q;
        wdata2_d  = wdata1_q;
      end
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          pw_we_q <= 1'b0; bypass1_q <= 1'b0; bypass2_q <= 1'b0; wdata1_q <= 32'd0; wdata2_q <= 32'd0;
        end else begin
          pw_we_q <= pw_we_d; bypass1_q <= bypass1_d; bypass2_q <= bypass2_d; wdata1_q <= wdata1_d;
          wdata2_q <= wdata2_d;
        end
        pw_addr_q <= pw_addr_d;   // no reset: only looked at with pw_we_q
        pw_data_q <= pw_data_d;
      end
      assign mem_rdata_o = bypass2_q ? wdata2_q : table_rdata;
    end
  endgenerate

  assign count_o    = count_q;
  assign fifo_ovf_o = fifo_ovf_q;
  assign mem_ovf_o  = mem_ovf_q;
  assign flags_o    = flags_q;
  assign cfg_o      = cfg_q;
endmodule
`default_nettype wire
