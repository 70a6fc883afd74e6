`default_nettype none
// mk2_count_enable: the count decision of one half of a pair of Resource Counters (half 2p or 2p+1):
// whether it changes at this edge, which is its flip-flops' clock enable.
//
// What (docs/decisions.md): a half changes when it is cleared, written by the processor, or counted; a
// write or Reset&Enable wins over a count at the same edge (D4.3). An enabled single counter counts its
// source's ticks (D4.1) or a software increment; hardware sources do not count in test mode (D4.2); it
// stops at all ones (CLARIFICATIONS). A pair (the even Mode field's bit 3) counts on the even counter's
// source, a software increment at either address counts it (D4.4), a processor write to either half
// cancels the pair's count at that edge (D10.4), and the upper half counts when the lower one is all ones.
// How: what the configuration decides is registered one edge ahead in mk2_resource_counters, from the
// configuration's next value: whether a source counts its clock's ticks and the clock is an internal one
// that ticks at this edge or the Timestamp clock, whether it counts Xj's rising edges, Software mode, the
// clear. What is left here is what no flip-flop can know one edge ahead: the synchronized Timestamp clock
// and Xj (their level and previous level: the level's next value is the synchronizer's first, metastable
// flip-flop), TESTB (its level at an edge decides that edge, D7.1), and the halves' full flags and write
// selects, which change at every count and write; and, as they are, the pair bit and the External Enable
// bit of the Mode fields (flip-flops). With those as inputs the decision is three 4-input LUTs deep:
//   level 1: a source's clock ticks; Xj lets it count (External Enable) or rises (External signal);
//            whether the half may count (pairing, saturation, the other half's write); the software
//            increment;
//   level 2: each source's tick, gated by TESTB; the half's clear, write or software count;
//   level 3: their OR.
// The odd half has two sources: its own, which counts while unpaired, and the pair's (the even counter's
// kinds and Xj), which counts while paired.
// Why keep and a module a half: left to itself, ABC maps the decision as a chain of five LUTs (docs/fpga.md
// "Fifth round"); the nets marked keep are the LUT outputs that make it three. Each half is a hierarchy of
// its own (keep_hierarchy) because ABC finds equal functions: with both halves in one module, it maps the
// pair's tick as the even half's tick ANDed with the pair bit, one LUT behind it, a fourth level for the
// odd half; and it would share the Timestamp edge between pairs in front of the kept nets.
// Clock domain: clk_i's; purely combinational. Latency: none.
// Parameters: HALF: 0, the even half of the pair (2p); 1, the odd half (2p+1).
(* keep_hierarchy *)
module mk2_count_enable #(
  parameter HALF = 0
) (
  // registered one edge ahead (mk2_resource_counters), each counter's own and including its Enable;
  // even counter in bit 0
  input  wire [1:0] src_tick_i,    // CLK or External Enable mode, an internal clock that ticks at this edge
  input  wire [1:0] src_ts_i,      // CLK or External Enable mode, the Timestamp clock
  input  wire [1:0] ext_edge_i,    // External signal mode
  input  wire       sw_mode_i,     // this half is in Software mode (the odd half of a pair: the even counter)
  input  wire       clear_i,       // this half is cleared at this edge
  input  wire [1:0] sw_inc_i,      // a software increment (write to 80 + counter) acts at this edge
  // the Mode fields as they are
  input  wire [1:0] gated_i,       // Mode bit 1: with bit 0, External Enable (the clock counts while Xj is high)
  input  wire       paired_i,      // the even Mode field's bit 3
  // the halves' own state
  input  wire [1:0] full_i,        // the half is all ones
  input  wire [1:0] write_i,       // a processor write to the half acts at this edge
  // live inputs
  input  wire       testb_i,       // TESTB: low is test mode, where hardware sources do not count
  input  wire       ts_level_i,    // the Timestamp clock, synchronized, and its level one edge earlier
  input  wire       ts_prev_i,
  input  wire [1:0] ext_level_i,   // X(2p+1), X(2p) synchronized, and their levels one edge earlier
  input  wire [1:0] ext_prev_i,
  // the decision
  output wire       count_en_o     // this half changes at this edge
);
  initial begin
    if (HALF != 0 && HALF != 1) begin
      $error("%m: HALF must be 0 or 1");
      $finish;
    end
  end
  localparam OTHER = 1 - HALF;
  // Source 0 is the half's own counter's; source 1, for the odd half only, the pair's (the even counter's).
  localparam SOURCES = HALF + 1;
  (* keep *) wire [SOURCES-1:0] clock_tick; // level 1: the source's clock ticks (internal, or the Timestamp edge)
  (* keep *) wire [SOURCES-1:0] gate_open;  // level 1: the source may count its clock now
  (* keep *) wire [SOURCES-1:0] ext_rise;   // level 1: the source is External signal and its Xj rises
  (* keep *) wire [SOURCES-1:0] tick;       // level 2: the source ticks, outside test mode
  (* keep *) wire may_count;  // level 1: a tick would count the half: pairing, saturation, the other's write
  (* keep *) wire sw_tick;    // level 1: a software increment for the half: at either address for a pair
  (* keep *) wire fixed;      // level 2: cleared, written, or counted by software
  wire ts_edge = ts_level_i && !ts_prev_i;
  genvar s;
  generate
    for (s = 0; s < SOURCES; s = s + 1) begin : source
      localparam C = s == 0 ? HALF : 0;  // the counter whose kinds and Xj the source has
      // the even half's source counts whether paired or not; the odd half's own only while unpaired, the
      // pair's only while paired
      wire allowed = HALF == 0 ? 1'b1 : s == 0 ? !paired_i : paired_i;
      assign clock_tick[s] = src_tick_i[C] || (src_ts_i[C] && ts_edge);
      assign gate_open[s]  = allowed && (!gated_i[C] || ext_level_i[C]);
      assign ext_rise[s]   = allowed && ext_edge_i[C] && ext_level_i[C] && !ext_prev_i[C];
      assign tick[s]       = testb_i && ((clock_tick[s] && gate_open[s]) || ext_rise[s]);
    end
  endgenerate
  // The even half: alone, it counts below all ones; paired, while the pair is below all ones and the odd
  // half is not written. The odd half: alone, below all ones; paired, when the even half is all ones, the
  // pair is not, and the even half is not written.
  assign may_count  = !paired_i ? !full_i[HALF]
                    : HALF == 0 ? !(full_i[0] && full_i[1]) && !write_i[1]
                    :             full_i[0] && !full_i[1] && !write_i[0];
  assign sw_tick    = sw_mode_i && (sw_inc_i[HALF] || (paired_i && sw_inc_i[OTHER]));
  assign fixed      = clear_i || write_i[HALF] || (may_count && sw_tick);
  assign count_en_o = fixed || (may_count && |tick);
endmodule
`default_nettype wire
