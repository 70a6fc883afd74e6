`default_nettype none
// mk2_uartbone_top: the MultiKron II behind a UART speaking LiteX's UARTBone protocol: uart_rx and uart_tx,
// uartbone (Wishbone master) and mk2_wb_top (Wishbone slave, chip, trace sink). The generic part of every
// board top that brings the chip to a host over a serial line; also the Verilated top of make uart-test.
//
// Address map seen from the host (litex_server / RemoteClient byte addresses = 4 * Wishbone word address):
// 0x000-0x3ff the chip (byte 8*A + 4*half), 0x400-0x41f the trace sink (docs/integration.md); the map repeats
// every 0x800 bytes (Wishbone address bits above 8 are not decoded).
// Clock domain: clk_i, the node clock of the chip and the clock of everything else. rst_ni asynchronous
// assert (through the chip's and mk2_wb_top's synchronizers); the UART and bridge reset through reset_sync.
// Latency: see uartbone and mk2_wb_slave; a read of one word costs 6 + 40 bit times on the line.
// Parameters: CLKS_PER_BIT (node clocks per UART bit), TIMEOUT_CLKS (frame time-out, LiteX: 100 ms),
// FIFO_DEPTH, SINK_DEPTH, SINK_COUNT_W, COUNT_AHEAD (as mk2_wb_top).
// The chip's other inputs are ports: Timestamp clock, X15..X0; C7..C0 = 0 (CPU 0), WAITSTATE 0, TESTB high.
module mk2_uartbone_top #(
  parameter CLKS_PER_BIT = 104,
  parameter TIMEOUT_CLKS = 1200000,
  parameter FIFO_DEPTH   = 8,
  parameter SINK_DEPTH   = 1024,
  parameter SINK_COUNT_W = 32,
  parameter COUNT_AHEAD  = 1
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        uart_rx_i,
  output wire        uart_tx_o,
  input  wire        tsclk_i,
  input  wire [15:0] ext_i,
  output wire [7:0]  test_o
);
  wire        rst_n;
  wire [7:0]  rx_data, tx_data;
  wire        rx_valid, tx_valid, tx_ready;
  wire        cyc, stb, we, stall, ack, err;
  wire [31:0] adr, wdat, rdat;
  wire [3:0]  sel;

  reset_sync u_rst (.clk_i(clk_i), .rst_ni(rst_ni), .rst_no(rst_n));

  uart_rx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_rx (
    .clk_i(clk_i), .rst_ni(rst_n), .rx_i(uart_rx_i), .data_o(rx_data), .valid_o(rx_valid));
  uart_tx #(.CLKS_PER_BIT(CLKS_PER_BIT)) u_tx (
    .clk_i(clk_i), .rst_ni(rst_n), .data_i(tx_data), .valid_i(tx_valid), .ready_o(tx_ready), .tx_o(uart_tx_o));

  uartbone #(.TIMEOUT_CLKS(TIMEOUT_CLKS)) u_bridge (
    .clk_i(clk_i), .rst_ni(rst_n),
    .rx_data_i(rx_data), .rx_valid_i(rx_valid), .tx_data_o(tx_data), .tx_valid_o(tx_valid), .tx_ready_i(tx_ready),
    .wb_cyc_o(cyc), .wb_stb_o(stb), .wb_we_o(we), .wb_adr_o(adr), .wb_dat_o(wdat), .wb_sel_o(sel),
    .wb_stall_i(stall), .wb_ack_i(ack), .wb_err_i(err), .wb_dat_i(rdat));

  mk2_wb_top #(.FIFO_DEPTH(FIFO_DEPTH), .SINK_DEPTH(SINK_DEPTH), .SINK_COUNT_W(SINK_COUNT_W),
               .COUNT_AHEAD(COUNT_AHEAD)) u_mk2 (
    .clk_i(clk_i), .rst_ni(rst_ni), .chip_rst_ni(1'b1),
    .wb_cyc_i(cyc), .wb_stb_i(stb), .wb_we_i(we), .wb_adr_i(adr[8:0]), .wb_dat_i(wdat), .wb_sel_i(sel),
    .wb_stall_o(stall), .wb_ack_o(ack), .wb_err_o(err), .wb_dat_o(rdat),
    .tsclk_i(tsclk_i), .ext_i(ext_i), .cpu_id_i(8'd0), .waitstate_i(1'b0), .testb_i(1'b1), .test_o(test_o));

  wire unused = &{1'b0, adr[31:9]};
endmodule
`default_nettype wire
