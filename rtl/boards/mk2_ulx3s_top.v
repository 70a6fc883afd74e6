`default_nettype none
// mk2_ulx3s_top: the MultiKron II on a ULX3S (Lattice ECP5 LFE5U-85F), reached from a host over the board's
// FTDI USB serial port with LiteX's UARTBone protocol (litex_server --uart, tools/mk2host).
//
// What: the 25 MHz oscillator through the ECP5 PLL (EHXPLLL) is the node clock, NODE_HZ = 25 MHz * PLL_CLKFB_DIV
// / PLL_CLKI_DIV (75 MHz by default: `make ulx3s` measures the design at about 86 MHz on the 85F, docs/integration.md;
// `make ulx3s ULX3S_MHZ=F` recomputes the four PLL parameters with yowasp-ecppll and the clock constraint);
// mk2_uartbone_top (UART 115200 8N1, uartbone, mk2_wb_top: chip + Wishbone slave + trace sink of 1024
// elements) runs on it. The design is held in reset until the PLL has locked and while BTN_PWRn is pressed.
// The Timestamp clock is the node clock / 8 (9.375 MHz at 75 MHz, under the spec's node/3 limit).
// X15..X0 are 16 pins of GPIO header J1 (constraints/ulx3s.lpf, pulled down): asynchronous, they cross into
// the node clock in the chip's own synchronizer (mk2_chip external_input_sync, rtl/common/sync_edge.v), so a
// level must hold at least one node clock to be seen. LEDs 7..0 show T7..T0 (docs/decisions.md section 8:
// bus busy, sampling enabled, shadows busy, network in a sample, FIFO entries).
// Under Verilator and Icarus (no SYNTHESIS define) the PLL is replaced by a wire, so that the rest lints.
// Pins: constraints/ulx3s.lpf. Clock domain: the PLL output only. Latency: see mk2_uartbone_top.
// Parameters (from yowasp-ecppll -i 25 -o F; the defaults are its answer for 75 MHz):
//   PLL_CLKI_DIV, PLL_CLKFB_DIV, PLL_CLKOP_DIV, PLL_CLKOP_CPHASE: EHXPLLL's dividers and phase (feedback from
//   CLKOP). Rejected: a VCO (node clock * PLL_CLKOP_DIV) outside 400..800 MHz, a phase-detector input
//   (25 MHz / PLL_CLKI_DIV) under 3.125 MHz (CLKI_DIV > 8), CLKFB_DIV > 80 (NODE_HZ would overflow 32 bits),
//   a node clock under 10 MHz or over 200 MHz.
//   The UART's clocks a bit (NODE_HZ / 115200, rounded) and the frame time-out (100 ms) follow from NODE_HZ.
module mk2_ulx3s_top #(
  parameter PLL_CLKI_DIV     = 1,  // reference divider
  parameter PLL_CLKFB_DIV    = 3,  // feedback divider: node clock = 25 MHz * PLL_CLKFB_DIV / PLL_CLKI_DIV
  parameter PLL_CLKOP_DIV    = 8,  // VCO divider of CLKOP: VCO = node clock * PLL_CLKOP_DIV
  parameter PLL_CLKOP_CPHASE = 4   // CLKOP coarse phase, as yowasp-ecppll gives it
) (
  input  wire        clk_25mhz_i,   // 25 MHz oscillator, into the PLL
  input  wire        btn_pwrn_i,    // BTN_PWRn, low when pressed: reset
  input  wire        ftdi_txd_i,    // FTDI TXD: the FPGA receives
  output wire        ftdi_rxd_o,    // FTDI RXD: the FPGA transmits
  input  wire [15:0] x_i,           // external inputs X15..X0 (GPIO header J1), asynchronous
  output wire [7:0]  led_o,         // T7..T0
  output wire        wifi_gpio0_o   // held high: the ESP32 does not pull the FPGA into reprogramming
);
  localparam integer NODE_HZ      = 25000000 * PLL_CLKFB_DIV / PLL_CLKI_DIV;
  localparam integer CLKS_PER_BIT = (NODE_HZ + 57600) / 115200;
  localparam integer TIMEOUT_CLKS = NODE_HZ / 10;

  initial begin
    if (PLL_CLKI_DIV < 1 || PLL_CLKI_DIV > 8 || PLL_CLKFB_DIV < 1 || PLL_CLKFB_DIV > 80 ||
        PLL_CLKOP_DIV < 1 || PLL_CLKOP_DIV > 128 || PLL_CLKOP_CPHASE < 0 || PLL_CLKOP_CPHASE >= PLL_CLKOP_DIV) begin
      $error("%m: PLL dividers out of range (CLKI_DIV 1..8, CLKFB_DIV 1..80, CLKOP_DIV 1..128, CPHASE < CLKOP_DIV)");
      $finish;
    end
    if (NODE_HZ < 10000000 || NODE_HZ > 200000000 ||
        NODE_HZ / 1000 * PLL_CLKOP_DIV < 400000 || NODE_HZ / 1000 * PLL_CLKOP_DIV > 800000) begin
      $error("%m: node clock %0d Hz or VCO %0d kHz out of range (10..200 MHz, VCO 400..800 MHz)",
             NODE_HZ, NODE_HZ / 1000 * PLL_CLKOP_DIV);
      $finish;
    end
  end

  wire clk, locked;
`ifdef SYNTHESIS
  (* FREQUENCY_PIN_CLKI = "25" *)
  (* ICP_CURRENT = "12" *) (* LPF_RESISTOR = "8" *) (* MFG_ENABLE_FILTEROPAMP = "1" *) (* MFG_GMCREF_SEL = "2" *)
  EHXPLLL #(
    .PLLRST_ENA("DISABLED"), .INTFB_WAKE("DISABLED"), .STDBY_ENABLE("DISABLED"), .DPHASE_SOURCE("DISABLED"),
    .OUTDIVIDER_MUXA("DIVA"), .OUTDIVIDER_MUXB("DIVB"), .OUTDIVIDER_MUXC("DIVC"), .OUTDIVIDER_MUXD("DIVD"),
    .CLKI_DIV(PLL_CLKI_DIV), .CLKOP_ENABLE("ENABLED"), .CLKOP_DIV(PLL_CLKOP_DIV),
    .CLKOP_CPHASE(PLL_CLKOP_CPHASE), .CLKOP_FPHASE(0), .FEEDBK_PATH("CLKOP"), .CLKFB_DIV(PLL_CLKFB_DIV)
  ) u_pll (
    .RST(1'b0), .STDBY(1'b0), .CLKI(clk_25mhz_i), .CLKOP(clk), .CLKFB(clk), .CLKINTFB(),
    .PHASESEL0(1'b0), .PHASESEL1(1'b0), .PHASEDIR(1'b1), .PHASESTEP(1'b1), .PHASELOADREG(1'b1),
    .PLLWAKESYNC(1'b0), .ENCLKOP(1'b0), .LOCK(locked));
`else
  assign clk    = clk_25mhz_i;
  assign locked = 1'b1;
`endif

  // Timestamp clock divider (free-running from configuration, no reset needed)
  reg [2:0] tsdiv_q = 3'd0, tsdiv_d;
  always @* tsdiv_d = tsdiv_q + 3'd1;
  always @(posedge clk) tsdiv_q <= tsdiv_d;

  mk2_uartbone_top #(
    .CLKS_PER_BIT(CLKS_PER_BIT), .TIMEOUT_CLKS(TIMEOUT_CLKS), .FIFO_DEPTH(8), .SINK_DEPTH(1024)
  ) u_mk2 (
    .clk_i(clk), .rst_ni(locked && btn_pwrn_i), .uart_rx_i(ftdi_txd_i), .uart_tx_o(ftdi_rxd_o),
    .tsclk_i(tsdiv_q[2]), .ext_i(x_i), .test_o(led_o));

  assign wifi_gpio0_o = 1'b1;
endmodule
`default_nettype wire
