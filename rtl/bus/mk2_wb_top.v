`default_nettype none
// mk2_wb_top: the MultiKron II as one Wishbone B4 pipelined slave: mk2_wb_slave in front of mk2_chip's
// processor pins, mk2_trace_sink on its network output, and the address decoder (mk2_wb_decoder) between them.
//
// Address map (32-bit words; byte address = 4 * wb_adr_i; docs/integration.md):
//   wb_adr_i[8] = 0: the chip, wb_adr_i[7:0] = {A6..A0, half}: byte 0x000 + 8*A + 4*half (mk2_wb_slave)
//   wb_adr_i[8] = 1: the trace sink, wb_adr_i[2:0] its register: byte 0x400 + 4*reg (mk2_trace_sink)
// Responses come back in order: a request to the other target than the outstanding ones waits (STALL).
// Clock domain: clk_i is the node clock of the chip and the Wishbone clock. rst_ni resets everything;
// chip_rst_ni only the chip (RESETB) and its bus slave, so that the sink keeps what it holds (a host can
// still read the bytes of a sample that the reset cut short). Tie chip_rst_ni high if not needed.
// Latency: that of mk2_wb_slave (3 clocks for a chip cycle without wait states) or mk2_trace_sink (1).
// Parameters: FIFO_DEPTH (the chip's trace FIFO, 2..255), SINK_DEPTH (network elements buffered), SINK_COUNT_W
// (width of the sink's PARERR, OVERFLOW and TAKEN counters, 16..32), COUNT_AHEAD (the chip's, 0 or 1:
// mk2_resource_counters).
// Pins of the chip that are not the processor bus or the network are ports here (Timestamp clock, X15..X0,
// C7..C0, WAITSTATE, TESTB); OUTDISB is tied high (outputs always on) and HOLDB is not used.
module mk2_wb_top #(
  parameter FIFO_DEPTH = 8,
  parameter SINK_DEPTH = 1024,
  parameter SINK_COUNT_W = 32, // width of the sink's PARERR, OVERFLOW, TAKEN counters (16..32)
  parameter COUNT_AHEAD = 1    // the chip's count decision: 1 fast, 0 small (mk2_resource_counters)
) (
  input  wire        clk_i,
  input  wire        rst_ni,       // everything (system reset)
  input  wire        chip_rst_ni,  // the chip's RESETB alone (and the slave): the sink keeps its contents
  // Wishbone B4 pipelined slave, 32-bit, word address
  input  wire        wb_cyc_i,
  input  wire        wb_stb_i,
  input  wire        wb_we_i,
  input  wire [8:0]  wb_adr_i,
  input  wire [31:0] wb_dat_i,
  input  wire [3:0]  wb_sel_i,
  output wire        wb_stall_o,
  output wire        wb_ack_o,
  output wire        wb_err_o,
  output wire [31:0] wb_dat_o,
  // the chip's other inputs
  input  wire        tsclk_i,      // Timestamp clock, asynchronous (<= node/3)
  input  wire [15:0] ext_i,        // X15..X0
  input  wire [7:0]  cpu_id_i,     // C7..C0, active high
  input  wire        waitstate_i,  // WAITSTATE strap
  input  wire        testb_i,      // TESTB (low: test mode)
  output wire [7:0]  test_o        // T7..T0 debug view
);
  // The chip's RESETB is rst_ni and chip_rst_ni. The synchronous resets: the sink and the decoder from
  // rst_ni, the slave from RESETB, each through a synchronizer (released at the same edge as the chip's
  // own, docs/decisions.md D1.1). chip_rst_ni must not fall while a chip cycle is outstanding on the bus
  // (its ACK would never come).
  wire chip_rst_n = rst_ni && chip_rst_ni;
  wire rst_n, slave_rst_n;
  reset_sync u_rst (.clk_i(clk_i), .rst_ni(rst_ni), .rst_no(rst_n));
  reset_sync u_chip_rst (.clk_i(clk_i), .rst_ni(chip_rst_n), .rst_no(slave_rst_n));

  // ---------------------------------------------------------------- decoder (answers kept in order)
  wire        to_sink = wb_adr_i[8];
  wire        s_stb, s_stall, s_ack, s_err, k_stb, k_stall, k_ack, k_err;
  wire [31:0] s_dat, k_dat;
  mk2_wb_decoder u_dec (
    .clk_i(clk_i), .rst_ni(rst_n),
    .wb_cyc_i(wb_cyc_i), .wb_stb_i(wb_stb_i), .to_b_i(to_sink),
    .wb_stall_o(wb_stall_o), .wb_ack_o(wb_ack_o), .wb_err_o(wb_err_o), .wb_dat_o(wb_dat_o),
    .a_stb_o(s_stb), .a_stall_i(s_stall), .a_ack_i(s_ack), .a_err_i(s_err), .a_dat_i(s_dat),
    .b_stb_o(k_stb), .b_stall_i(k_stall), .b_ack_i(k_ack), .b_err_i(k_err), .b_dat_i(k_dat));

  // ---------------------------------------------------------------- the chip and its bus slave
  wire        startb, readb, writeb, holdb, ackb;
  wire [6:0]  addr;
  wire [63:0] wdata, rdata;
  wire        fifodab, netclk, netrdy, parity, eom;
  wire [7:0]  ndata, fifo_count;
  wire        counter_phase, shadow_busy, net_busy;

  mk2_wb_slave u_slave (
    .clk_i(clk_i), .rst_ni(slave_rst_n),
    .wb_cyc_i(wb_cyc_i), .wb_stb_i(s_stb), .wb_we_i(wb_we_i),
    .wb_adr_i(wb_adr_i[7:0]), .wb_dat_i(wb_dat_i), .wb_sel_i(wb_sel_i),
    .wb_stall_o(s_stall), .wb_ack_o(s_ack), .wb_err_o(s_err), .wb_dat_o(s_dat),
    .mk2_startb_o(startb), .mk2_readb_o(readb), .mk2_writeb_o(writeb), .mk2_holdb_o(holdb),
    .mk2_addr_o(addr), .mk2_data_o(wdata), .mk2_ackb_i(ackb), .mk2_data_i(rdata));

  /* verilator lint_off PINCONNECTEMPTY */
  mk2_chip #(.FIFO_DEPTH(FIFO_DEPTH), .COUNT_AHEAD(COUNT_AHEAD)) u_chip (
    .clk_i(clk_i), .rst_ni(chip_rst_n), .tsclk_i(tsclk_i),
    .readb_i(readb), .writeb_i(writeb), .startb_i(startb), .holdb_i(holdb), .ackb_o(ackb),
    .addr_i(addr), .data_i(wdata), .data_o(rdata), .data_oe_o(),
    .cpu_id_i(cpu_id_i), .waitstate_i(waitstate_i), .ext_i(ext_i), .testb_i(testb_i), .outdisb_i(1'b1),
    .netrdy_i(netrdy), .fifodab_o(fifodab), .netclk_o(netclk), .net_data_o(ndata), .net_parity_o(parity),
    .net_eom_o(eom), .test_o(test_o), .out_en_o(),
    .hw_trigger_i(1'b0), .hw_trigger_word_i(32'd0),
    .dbg_fifo_count_o(fifo_count), .dbg_counter_phase_o(counter_phase), .dbg_shadow_busy_o(shadow_busy),
    .dbg_net_busy_o(net_busy), .dbg_discard_o(), .dbg_overrun_count_o(), .dbg_tsclk_overspeed_o());
  /* verilator lint_on PINCONNECTEMPTY */

  // ---------------------------------------------------------------- the trace sink
  mk2_trace_sink #(.DEPTH(SINK_DEPTH), .COUNT_W(SINK_COUNT_W)) u_sink (
    .clk_i(clk_i), .rst_ni(rst_n),
    .net_clk_i(netclk), .net_fifodab_i(fifodab), .net_data_i(ndata), .net_parity_i(parity),
    .net_eom_i(eom), .net_rdy_o(netrdy),
    .chip_fifo_count_i(fifo_count), .chip_counter_phase_i(counter_phase), .chip_net_busy_i(net_busy),
    .chip_shadow_busy_i(shadow_busy),
    .wb_cyc_i(wb_cyc_i), .wb_stb_i(k_stb), .wb_we_i(wb_we_i),
    .wb_adr_i(wb_adr_i[2:0]), .wb_dat_i(wb_dat_i), .wb_sel_i(wb_sel_i),
    .wb_stall_o(k_stall), .wb_ack_o(k_ack), .wb_err_o(k_err), .wb_dat_o(k_dat));

  wire unused = &{1'b0, wb_adr_i[7:3] & {5{to_sink}}};
endmodule
`default_nettype wire
