`default_nettype none
// sync_rise_taps: brings one asynchronous signal into clk_i through two flops and detects its rising edge,
// as sync_edge does, and registers for each of TAPS taps whether the tap ticks at an edge: it ticks when
// tick_next_i was high before the edge, or when rise_next_i was high and the signal's rising edge is seen
// at the edge (rise_o high after it).
//
// Why: a tap is the decision "tick || (rise_enable && rise)" that logic would otherwise form after the
// edge, one LUT behind the synchronizer, with the synchronizer's flop driving every such LUT over the
// die. Here the decision is a flip-flop of its own, loaded one edge ahead, that the placer can put beside
// the one piece of logic that reads it (the MultiKron II's Resource Counters: the Timestamp clock's tick
// of each counter, docs/fpga.md "Twenty-second round"). The taps see the rising edge at the same edge as
// rise_o, so nothing downstream moves by a clock.
// Metastability: the edge one edge ahead is meta_q and not sync_q, so each tap's next value reads the
// first flop, through one LUT, as sync_q reads it through a route: each tap is a second synchronizer stage
// of its own, with a clock less the LUT to settle. Two stages can disagree only when meta_q has not
// settled within that clock, the event a two-flop synchronizer's MTBF counts; then a tap can count that
// rise once more or once less than rise_o (docs/decisions.md D4.7). Nothing but the second stages reads
// meta_q.
//
// Clock domain: clk_i (async_i asynchronous). Latency: as sync_edge: a level that the first flop samples
// at edge t shows on level_o after edge t+1; rise_o and the taps are high for the one clock after edge t+1.
// Parameters: TAPS, number of taps (>= 1).
module sync_rise_taps #(
  parameter TAPS = 1  // number of taps
) (
  input  wire            clk_i,
  input  wire            rst_ni,
  input  wire            async_i,
  // the signal, synchronized
  output wire            level_o,       // synchronized level
  output wire            prev_o,        // level_o one clock earlier
  output wire            rise_o,        // one-clock pulse per rising edge (level_o and not prev_o)
  // the taps: what each decides for the next edge, and what it decided for this one
  input  wire [TAPS-1:0] tick_next_i,   // the tap ticks at the next edge
  input  wire [TAPS-1:0] rise_next_i,   // the tap ticks at the next edge if the rising edge is seen there
  output wire [TAPS-1:0] tap_o          // the tap ticks at this edge
);
  initial begin
    if (TAPS < 1) begin $error("%m: TAPS must be >= 1"); $finish; end
  end

  reg            meta_q, sync_q, prev_q;
  reg [TAPS-1:0] tap_q, tap_d;
  // the rising edge that rise_o will show after the next edge
  wire rise_next = meta_q && !sync_q;
  always @* begin
    tap_d = tap_q;
    tap_d = tick_next_i | (rise_next_i & {TAPS{rise_next}});
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      meta_q <= 1'b0;
      sync_q <= 1'b0;
      prev_q <= 1'b0;
      tap_q  <= {TAPS{1'b0}};
    end else begin
      meta_q <= async_i;
      sync_q <= meta_q;
      prev_q <= sync_q;
      tap_q  <= tap_d;
    end
  end

  assign level_o = sync_q;
  assign prev_o  = prev_q;
  assign rise_o  = sync_q && !prev_q;
  assign tap_o   = tap_q;

`ifdef FORMAL
  reg f_past_valid_q = 1'b0;
  always @(posedge clk_i) f_past_valid_q <= 1'b1;
  // a tap is its two inputs at the edge before, the rise taken as rise_o shows it after the edge
  always @(posedge clk_i) if (f_past_valid_q && rst_ni && $past(rst_ni)) begin
    assert(tap_o == ($past(tick_next_i) | ($past(rise_next_i) & {TAPS{rise_o}})));
  end
  always @(posedge clk_i) if (f_past_valid_q && rst_ni && $past(rst_ni)) begin
    cover(tap_o[0] && !$past(tick_next_i[0]));
  end
`endif
endmodule
`default_nettype wire
