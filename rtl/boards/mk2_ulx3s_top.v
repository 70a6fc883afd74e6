`default_nettype none
// mk2_ulx3s_top: the MultiKron II on a ULX3S (Lattice ECP5 LFE5U-85F), reached from a host over the board's
// FTDI USB serial port with LiteX's UARTBone protocol (litex_server --uart, tools/mk2host).
//
// What: mk2_uartbone_top (UART 115200 8N1, uartbone, mk2_wb_top: chip + Wishbone slave + trace sink of 1024
// elements) on the 25 MHz oscillator, which is the node clock (the chip reaches 90 MHz on ECP5, docs/fpga.md).
// The Timestamp clock is the node clock / 8 (3.125 MHz, under the spec's node/3 limit); X3..X0 are the DIP
// switches (their rising edges can be counted), X15..X4 are 0; LEDs 7..0 show T7..T0 (docs/decisions.md
// section 8: bus busy, sampling enabled, shadows busy, network in a sample, FIFO entries).
// Pins: constraints/ulx3s.lpf. Reset: the power button BTN_PWRn (btn[0], low when pressed).
// Clock domain: clk_25mhz_i only. Latency: see mk2_uartbone_top.
// Parameters: none (115200 baud at 25 MHz: 217 clocks a bit; frame time-out 100 ms = 2,500,000 clocks).
module mk2_ulx3s_top (
  input  wire       clk_25mhz_i,   // 25 MHz oscillator: the node clock
  input  wire       btn_pwrn_i,    // BTN_PWRn, low when pressed: reset
  input  wire       ftdi_txd_i,    // FTDI TXD: the FPGA receives
  output wire       ftdi_rxd_o,    // FTDI RXD: the FPGA transmits
  input  wire [3:0] sw_i,          // DIP switches SW1..SW4: X0..X3
  output wire [7:0] led_o,         // T7..T0
  output wire       wifi_gpio0_o   // held high: the ESP32 does not pull the FPGA into reprogramming
);
  // Timestamp clock divider (free-running from configuration, no reset needed)
  reg [2:0] tsdiv_q = 3'd0, tsdiv_d;
  always @* tsdiv_d = tsdiv_q + 3'd1;
  always @(posedge clk_25mhz_i) tsdiv_q <= tsdiv_d;

  mk2_uartbone_top #(
    .CLKS_PER_BIT(217), .TIMEOUT_CLKS(2500000), .FIFO_DEPTH(8), .SINK_DEPTH(1024)
  ) u_mk2 (
    .clk_i(clk_25mhz_i), .rst_ni(btn_pwrn_i), .uart_rx_i(ftdi_txd_i), .uart_tx_o(ftdi_rxd_o),
    .tsclk_i(tsdiv_q[2]), .ext_i({12'd0, sw_i}), .test_o(led_o));

  assign wifi_gpio0_o = 1'b1;
endmodule
`default_nettype wire
