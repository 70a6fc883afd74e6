`default_nettype none
// rems_preproc: the preprocessor of a REMS Sample Unit (NBSIR 87-3663 section 3.4): its 32-bit word goes
// into every sample the unit takes. KIND chooses what it is:
//   0  two ratio counter pairs with 6-bit mantissas (rtl/rems/sampleunit/rems_ratio.v): pair 0 in bits 31:16, pair 1
//      in bits 15:0 (CLARIFICATIONS.md); events ev_i = {n1, d1, n0, d0}, clears clear_i = {pair1, pair0}
//   1  a 32-bit timestamp: counts clocks with tick_i high; it wraps at 2^32 like any clock (docs/rems-ratio.md,
//      decision S6); ev_i and clear_i are ignored
//   2  one high-precision pair (14-bit mantissas, the paper's 32-bit report) on d0/n0, cleared by clear_i[0]
// Clock domain: clk_i, rst_ni synchronous active low. Events and tick_i are clock enables (synchronize an
// asynchronous source first, e.g. with rtl/common/sync_edge.v). Latency: an input at edge t shows in
// word_o after edge t; a clear in the same clock starts the new period with that clock's events.
// Parameters: KIND (0, 1 or 2).
module rems_preproc #(
  parameter KIND = 0  // 0 two 6-bit ratio pairs, 1 timestamp, 2 one 14-bit ratio pair
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire [3:0]  ev_i,      // {n1, d1, n0, d0}
  input  wire [1:0]  clear_i,   // {pair 1, pair 0}
  input  wire        tick_i,    // timestamp clock enable
  output wire [31:0] word_o
);
  initial begin
    if (KIND < 0 || KIND > 2) begin $error("rems_preproc: KIND must be 0, 1 or 2"); $finish; end
  end

  generate
    if (KIND == 0) begin : g_pairs
      wire [15:0] report0, report1;
      rems_ratio #(.MANT(6)) u_pair0 (
        .clk_i(clk_i), .rst_ni(rst_ni), .den_i(ev_i[0]), .num_i(ev_i[1]), .clear_i(clear_i[0]),
        .report_o(report0), .load_i(1'b0), .load_dreg_i(32'd0), .load_nreg_i(32'd0), .load_low_i(32'd0),
        .load_exp_i(5'd0), .load_nsat_i(1'b0));
      rems_ratio #(.MANT(6)) u_pair1 (
        .clk_i(clk_i), .rst_ni(rst_ni), .den_i(ev_i[2]), .num_i(ev_i[3]), .clear_i(clear_i[1]),
        .report_o(report1), .load_i(1'b0), .load_dreg_i(32'd0), .load_nreg_i(32'd0), .load_low_i(32'd0),
        .load_exp_i(5'd0), .load_nsat_i(1'b0));
      assign word_o = {report0, report1};
      /* verilator lint_off UNUSEDSIGNAL */
      wire unused_tick = tick_i;   // pairs count events, not time ticks
      /* verilator lint_on UNUSEDSIGNAL */
    end else if (KIND == 2) begin : g_pair14
      rems_ratio #(.MANT(14)) u_pair0 (
        .clk_i(clk_i), .rst_ni(rst_ni), .den_i(ev_i[0]), .num_i(ev_i[1]), .clear_i(clear_i[0]),
        .report_o(word_o), .load_i(1'b0), .load_dreg_i(32'd0), .load_nreg_i(32'd0), .load_low_i(32'd0),
        .load_exp_i(5'd0), .load_nsat_i(1'b0));
      /* verilator lint_off UNUSEDSIGNAL */
      wire [3:0] unused_in = {ev_i[3:2], clear_i[1], tick_i};   // one pair only
      /* verilator lint_on UNUSEDSIGNAL */
    end else begin : g_timestamp
      reg [31:0] time_q, time_d;
      always @* begin
        time_d = time_q;
        if (tick_i) time_d = time_q + 32'd1;
      end
      always @(posedge clk_i) begin
        if (!rst_ni) time_q <= 32'd0;
        else         time_q <= time_d;
      end
      assign word_o = time_q;
      /* verilator lint_off UNUSEDSIGNAL */
      wire [5:0] unused_in = {ev_i, clear_i};   // a timestamp counts time only
      /* verilator lint_on UNUSEDSIGNAL */
    end
  endgenerate
endmodule
`default_nettype wire
