`default_nettype none
// mk2_count_enable: the count decision of one pair of Resource Counters (halves 2p and 2p+1): whether
// each 32-bit half changes at this edge (its flip-flops' clock enable) and whether it is cleared.
//
// What (docs/decisions.md): a half changes when it is cleared (the internal or software reset, or
// Reset&Enable), written by the processor, or counted; a write or Reset&Enable wins over a count at the
// same edge (D4.3). An enabled single counter counts its source's ticks (D4.1: node clock, node/10,
// node/100, the edges where the Timestamp increments, which outside test mode are the synchronized
// Timestamp clock's rising edges (D5.1), a synchronized Xj rising edge, or the selected clock gated by
// Xj's level) or a software increment (a write to 80 + j); hardware sources do not count in test mode
// (D4.2); it stops at all ones (CLARIFICATIONS: counters and pairs saturate at all ones). A pair (the even
// Mode field's bit 3) is governed by the even counter's fields, a software increment at either address
// counts it, and Reset&Enable of the even counter clears both halves (D4.4); the odd counter's
// Reset&Enable clears nothing while paired (D10.5); a processor write to either half cancels the pair's
// count at that edge (D10.4); the upper half counts when the lower one is all ones.
// The edge of a synchronized input is sync_edge's rise_o (level and not prev), computed here again from
// its two flip-flops on purpose (see "Why a module of its own").
// Why a module of its own: the decision feeds 64 clock enables and is a function of about fifteen
// flip-flops, among them the Timestamp clock's synchronizer, which reaches all eight pairs. Flattened
// with the other pairs, yosys's LUT mapper takes that synchronizer's edge as one LUT shared by the 16
// counters and builds each decision behind it, five LUT levels in all (docs/fpga.md "Fifth round").
// Kept as a hierarchy of its own (keep_hierarchy), each pair is mapped on its own: the edge is folded
// into each pair's first LUTs, and the decision takes four levels. The cost is logic that is no longer
// shared between pairs: 11 iCE40 logic cells; 152 ECP5 LUT4s with ABC9 (docs/fpga.md "Sixth round").
// Its inputs are the chip's flip-flops and TESTB as they are, not decoded outside: a LUT in front of an
// input (the reset's OR, TESTB's inverter, shared with other blocks) would be a fifth level.
// Clock domain: clk_i's; purely combinational. Latency: none. No parameters.
(* keep_hierarchy *)
module mk2_count_enable (
  // the pair's registers (even counter in the low bits)
  input  wire [7:0] mode_i,          // Mode fields: even [3:0], odd [7:4]
  input  wire [7:0] clock_i,         // Clock Select fields, same layout
  input  wire [1:0] enable_i,
  input  wire [1:0] full_i,          // the half is all ones
  input  wire [1:0] write_i,         // a processor write to the half acts at this edge
  input  wire [1:0] sw_inc_i,        // a software increment (write to 80 + counter) acts at this edge
  input  wire [1:0] reset_enable_i,  // Enable field 11 written for the counter at this edge
  // shared by all pairs: the resets, TESTB and the sources
  input  wire       rst_ni,          // the internal reset (synchronous here: a clear)
  input  wire       soft_reset_i,    // the software reset acts at this edge
  input  wire       testb_i,         // TESTB: low is test mode, where hardware sources do not count
  input  wire       tick10_i,        // node/10 ticks at this edge
  input  wire       tick100_i,
  input  wire       ts_level_i,      // the Timestamp clock, synchronized, and its level one edge earlier
  input  wire       ts_prev_i,
  input  wire [1:0] ext_level_i,     // X(2p+1), X(2p) synchronized, and their levels one edge earlier
  input  wire [1:0] ext_prev_i,
  // the decision
  output reg  [1:0] count_en_o,      // the half changes at this edge
  output reg  [1:0] clear_o          // the half is cleared at this edge
);
  reg [1:0] clock_tick, source_tick, software_mode, increment, half_count;
  reg       paired, pair_increment, pair_written, pair_full, clear_all;
  wire      test_mode = !testb_i;
  integer h;
  always @* begin
    for (h = 0; h < 2; h = h + 1) begin
      // Field bits 1:0 alone decide: x100 is the only stored value with 00 (x000 is a NOP, never stored).
      case (clock_i[4*h +: 2])
        2'b01:   clock_tick[h] = 1'b1;
        2'b10:   clock_tick[h] = tick10_i;
        2'b11:   clock_tick[h] = tick100_i;
        default: clock_tick[h] = ts_level_i && !ts_prev_i;
      endcase
      case (mode_i[4*h +: 2])
        2'b01:   source_tick[h] = clock_tick[h];                                  // CLK
        2'b11:   source_tick[h] = clock_tick[h] && ext_level_i[h];                // External Enable
        2'b00:   source_tick[h] = ext_level_i[h] && !ext_prev_i[h];               // External signal
        default: source_tick[h] = 1'b0;                                           // Software
      endcase
      software_mode[h] = mode_i[4*h +: 2] == 2'b10;
      increment[h] = enable_i[h] && ((source_tick[h] && !test_mode) || (software_mode[h] && sw_inc_i[h]));
    end
    paired         = mode_i[3];
    pair_increment = enable_i[0] && ((source_tick[0] && !test_mode) ||
                     (software_mode[0] && (sw_inc_i[0] || sw_inc_i[1])));
    pair_written   = write_i[0] || write_i[1];
    pair_full      = full_i[0] && full_i[1];
    half_count[0]  = paired ? (pair_increment && !pair_full && !pair_written) : (increment[0] && !full_i[0]);
    half_count[1]  = paired ? (pair_increment && !pair_full && !pair_written && full_i[0])
                            : (increment[1] && !full_i[1]);
    clear_all      = !rst_ni || soft_reset_i;
    clear_o[0]     = clear_all || reset_enable_i[0];
    clear_o[1]     = clear_all || (paired ? reset_enable_i[0] : reset_enable_i[1]);
    count_en_o     = clear_o | write_i | half_count;
  end
endmodule
`default_nettype wire
