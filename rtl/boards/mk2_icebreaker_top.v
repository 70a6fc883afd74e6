`default_nettype none
// mk2_icebreaker_top: the MultiKron II on an iCEBreaker (Lattice iCE40 UP5K-SG48), reached from a host over
// the board's FTDI USB serial port with LiteX's UARTBone protocol (litex_server --uart, tools/mk2host).
//
// What: the 12 MHz oscillator through the PLL (SB_PLL40_PAD, DIVR 0, DIVF 47, DIVQ 5: 12 * 48 / 32 = 18 MHz)
// is the node clock (the board top reaches ~27 MHz on the UP5K, docs/fpga.md); mk2_uartbone_top (UART 115200
// 8N1 = 156 clocks a bit, frame time-out 100 ms = 1,800,000 clocks, trace sink of 1024 elements) runs on it.
// The design is held in reset until the PLL has locked and while the user button is pressed.
// The Timestamp clock is the node clock / 8 (2.25 MHz). X15..X0 are the 16 pins of PMOD1A (X7..X0) and PMOD1B
// (X15..X8) (constraints/icebreaker.pcf, pulled up: the iCE40 has no pull-downs, so an open pin reads 1 and,
// having no edge, counts nothing); asynchronous, they cross into the node clock in the chip's own
// synchronizer (mk2_chip external_input_sync, rtl/common/sync_edge.v), so a level must hold at least one node
// clock to be seen. Green LED: sampling enabled (T6); red LED: a sample is on the network (T4).
// Under Verilator and Icarus (no SYNTHESIS define) the PLL is replaced by a wire, so that the rest lints.
// Pins: constraints/icebreaker.pcf. Clock domain: the PLL output only. Latency: see mk2_uartbone_top.
// No parameters.
module mk2_icebreaker_top (
  input  wire clk_12mhz_i,   // 12 MHz oscillator (pin 35, a PLL pad)
  input  wire btn_ni,        // user button, low when pressed: reset
  input  wire uart_rx_i,     // from the FTDI
  output wire uart_tx_o,     // to the FTDI
  input  wire [15:0] x_i,    // external inputs X15..X0 (PMOD1B, PMOD1A), asynchronous
  output wire ledg_no,       // green LED, low = lit
  output wire ledr_no        // red LED, low = lit
);
  wire clk, locked;
`ifdef SYNTHESIS
  SB_PLL40_PAD #(
    .FEEDBACK_PATH("SIMPLE"), .DIVR(4'b0000), .DIVF(7'b0101111), .DIVQ(3'b101), .FILTER_RANGE(3'b001)
  ) u_pll (
    .PACKAGEPIN(clk_12mhz_i), .PLLOUTGLOBAL(clk), .LOCK(locked), .RESETB(1'b1), .BYPASS(1'b0));
`else
  assign clk    = clk_12mhz_i;
  assign locked = 1'b1;
`endif

  // Timestamp clock divider (free-running from configuration, no reset needed)
  reg [2:0] tsdiv_q = 3'd0, tsdiv_d;
  always @* tsdiv_d = tsdiv_q + 3'd1;
  always @(posedge clk) tsdiv_q <= tsdiv_d;

  wire [7:0] t;
  mk2_uartbone_top #(
    .CLKS_PER_BIT(156), .TIMEOUT_CLKS(1800000), .FIFO_DEPTH(8), .SINK_DEPTH(1024), .SINK_COUNT_W(16),
    // the UP5K is full: the smaller count decision, which the 18 MHz node clock does not need deeper
    .COUNT_AHEAD(0)
  ) u_mk2 (
    .clk_i(clk), .rst_ni(locked && btn_ni), .uart_rx_i(uart_rx_i), .uart_tx_o(uart_tx_o),
    .tsclk_i(tsdiv_q[2]), .ext_i(x_i), .test_o(t));

  assign ledg_no = !t[6];
  assign ledr_no = !t[4];
  wire unused = &{1'b0, t[7], t[5], t[3:0]};
endmodule
`default_nettype wire
