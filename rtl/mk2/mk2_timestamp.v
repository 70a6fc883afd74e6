`default_nettype none
`include "mk2_regmap.vh"
// mk2_timestamp: the 56-bit Timestamp counter.
//
// Clock domain: clk_i. ts_tick_i is the synchronized rising edge of the Timestamp clock (from a
// sync_edge in the chip top); the count goes up at the edge where ts_tick_i is high, except in test
// mode, where the clock is ignored and the processor may load it (address 2) or add one (address 16).
// Only the hardware reset clears it (the software reset does not).
// Timing: the +1 is split into two 28-bit halves; the upper half adds the lower half's all-ones
// carry, so the longest carry chain is 28 bits (a 56-bit ripple would limit an iCE40 UP5K to ~40 MHz).
// That carry is a flip-flop (low_full_q, "the lower half is all ones"), predicted from the lower half's
// next value, so the 28-input AND of the lower half never precedes the upper half's carry chain.
// Nothing of the split is visible: both halves change at the same edge. The test-mode write and increment
// selects are decoded one edge ahead from the bus interface's next request into flip-flops (writes never
// wait), so no bus decision feeds the adder in the clock it acts. No parameters.
// Over-speed: the spec limits the Timestamp clock to node/3, so synchronized rises come at least 3 node
// clocks apart; two rises closer than that mean a clock too fast for the synchronizer to count reliably in
// hardware (a level held for less than 1.5 node clocks may be sampled once, twice or not at all).
// overspeed_o is sticky until RESETB: a status for integrators, outside the CSR so that no pin of the spec
// changes.
module mk2_timestamp (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        test_mode_i,
  input  wire        ts_tick_i,
  input  wire        write_act_i,   // a write acts at this edge (formal only)
  input  wire [`MK2_ADDR_COUNT-1:0] ann_write_i, // a write to address a is presented at the next edge (mk2_bus_if)
  input  wire        start_i,        // an interaction starts at this edge (its address: pin_addr_i)
  input  wire [6:0]  pin_addr_i,
  input  wire [6:0]  act_addr_i,
  input  wire [55:0] act_data_i,
  input  wire        act_ones28_i,  // act_data_i[27:0] is all ones (a flip-flop in mk2_bus_if)
  output wire [55:0] ts_o,
  output wire [63:0] rdata_o,       // 0 unless the latched address is 2 (rd_owner_o)
  output wire        rd_owner_o,
  output wire        overspeed_o   // sticky: two Timestamp rises less than 3 node clocks apart
);
  reg [55:0] ts_q, ts_d;
  reg [1:0]  since_rise_q, since_rise_d;  // node clocks since the last rise, saturating at 3
  reg        overspeed_q, overspeed_d;

  reg         low_full_q, low_full_d;  // ts_q[27:0] is all ones
  wire [55:0] ts_plus_one  = {ts_q[55:28] + {27'd0, low_full_q}, ts_q[27:0] + 28'd1};
  // After a +1 the lower half is all ones exactly when it was all ones but bit 0 (a lower half of all ones
  // wraps to zero, and bit 0 is then 0 as well).
  wire        low_almost   = &ts_q[27:1] && !ts_q[0];
  reg         wr_ts_q, wr_ts_d, inc_ts_q, inc_ts_d, rd_ts_q, rd_ts_d;  // a write to 2 / 16 acts; address is 2

  always @* begin
    wr_ts_d  = ann_write_i[`MK2_ADDR_TIMESTAMP];
    inc_ts_d = ann_write_i[`MK2_ADDR_INC_TIMESTAMP];
    rd_ts_d  = start_i ? pin_addr_i == `MK2_ADDR_TIMESTAMP : rd_ts_q;
    ts_d = ts_q;
    low_full_d = low_full_q;
    if ((ts_tick_i && !test_mode_i) || (inc_ts_q && test_mode_i)) begin
      ts_d = ts_plus_one;
      low_full_d = low_almost;
    end
    if (wr_ts_q && test_mode_i) begin
      ts_d = act_data_i;
      low_full_d = act_ones28_i;
    end
  end

  always @* begin
    since_rise_d = since_rise_q;
    overspeed_d  = overspeed_q;
    if (ts_tick_i) begin
      if (since_rise_q != 2'd3) overspeed_d = 1'b1;
      since_rise_d = 2'd1;
    end else if (since_rise_q != 2'd3) begin
      since_rise_d = since_rise_q + 2'd1;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ts_q         <= 56'd0;
      low_full_q   <= 1'b0;
      since_rise_q <= 2'd3;
      overspeed_q  <= 1'b0;
      wr_ts_q      <= 1'b0;
      inc_ts_q     <= 1'b0;
      rd_ts_q      <= 1'b0;
    end else begin
      wr_ts_q      <= wr_ts_d;
      inc_ts_q     <= inc_ts_d;
      rd_ts_q      <= rd_ts_d;
      ts_q         <= ts_d;
      low_full_q   <= low_full_d;
      since_rise_q <= since_rise_d;
      overspeed_q  <= overspeed_d;
    end
  end

  assign ts_o        = ts_q;
  assign overspeed_o = overspeed_q;
  assign rdata_o     = rd_ts_q ? {8'hFF, ts_q} : 64'd0;
  assign rd_owner_o  = rd_ts_q;
  // The request is decoded one edge ahead; the formal properties below check that decode against it.
  // (of ann_write_i only the Timestamp's two addresses)
  wire unused_ok = &{1'b0, write_act_i, ann_write_i, act_addr_i};
`ifdef FORMAL
`include "mk2_formal_env.vh"
`ifdef MK2_FORMAL_CHIP
  always @* if (past_valid_q && rst_ni) begin
    assert(wr_ts_q == (write_act_i && act_addr_i == `MK2_ADDR_TIMESTAMP));
    assert(inc_ts_q == (write_act_i && act_addr_i == `MK2_ADDR_INC_TIMESTAMP));
    assert(rd_ts_q == (act_addr_i == `MK2_ADDR_TIMESTAMP));
  end
`endif
  // The bus interface's flag for the written value (alone assumed, in the chip proven).
  always @* if (past_valid_q && rst_ni) `MK2_ENV(act_ones28_i == &act_data_i[27:0]);
  // The carry flag is what it predicts (in every harness: it depends on nothing outside this block).
  always @* if (past_valid_q && rst_ni) assert(low_full_q == &ts_q[27:0]);
`ifndef MK2_FORMAL_CHIP
  // The two 28-bit halves are one 56-bit count: loaded by a test-mode write, else +1 when it counts
  // (the timestamp set). Block level only: the chip sets take this block's outputs as proven, and a 56-bit
  // reference would only slow their induction (as the counters' reference did, docs/formal.md).
  wire       f_count_up   = (ts_tick_i && !test_mode_i) || (inc_ts_q && test_mode_i);
  wire       f_test_write = wr_ts_q && test_mode_i;
  reg [55:0] f_ts_next;
  always @* begin
    f_ts_next = ts_q;
    if (f_count_up) f_ts_next = ts_q + 56'd1;
    if (f_test_write) f_ts_next = act_data_i;
  end
  always @(posedge clk_i) if (past_valid_q && rst_ni && $past(rst_ni)) begin
    assert(ts_q == $past(f_ts_next));
    // the upper half counts on the lower half's carry
    cover($past(f_count_up) && !$past(f_test_write) && $past(low_full_q) && ts_q[28] != $past(ts_q[28]));
  end
`endif
`endif
endmodule
`default_nettype wire
