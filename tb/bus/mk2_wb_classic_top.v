`default_nettype none
// mk2_wb_classic_top: test top for build/mk2wb-classic: wb_classic2pipe in front of mk2_wb_top, with the
// ports of mk2_wb_top (so that one Verilator shim serves both); wb_stall_o is 0 (a classic slave has none).
// Clock domain: clk_i. Parameters: those of mk2_wb_top.
module mk2_wb_classic_top #(
  parameter FIFO_DEPTH = 8,
  parameter SINK_DEPTH = 1024
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        chip_rst_ni,
  // Wishbone B4 classic slave
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
  input  wire        tsclk_i,
  input  wire [15:0] ext_i,
  input  wire [7:0]  cpu_id_i,
  input  wire        waitstate_i,
  input  wire        testb_i,
  output wire [7:0]  test_o
);
  wire        cyc, stb, we, stall, ack, err;
  wire [8:0]  adr;
  wire [31:0] wdat, rdat;
  wire [3:0]  sel;
  wire        rst_n;
  reset_sync u_rst (.clk_i(clk_i), .rst_ni(rst_ni), .rst_no(rst_n));

  wb_classic2pipe #(.AW(9)) u_adapter (
    .clk_i(clk_i), .rst_ni(rst_n),
    .c_cyc_i(wb_cyc_i), .c_stb_i(wb_stb_i), .c_we_i(wb_we_i), .c_adr_i(wb_adr_i), .c_dat_i(wb_dat_i),
    .c_sel_i(wb_sel_i), .c_ack_o(wb_ack_o), .c_err_o(wb_err_o), .c_dat_o(wb_dat_o),
    .p_cyc_o(cyc), .p_stb_o(stb), .p_we_o(we), .p_adr_o(adr), .p_dat_o(wdat), .p_sel_o(sel),
    .p_stall_i(stall), .p_ack_i(ack), .p_err_i(err), .p_dat_i(rdat));

  mk2_wb_top #(.FIFO_DEPTH(FIFO_DEPTH), .SINK_DEPTH(SINK_DEPTH)) u_mk2 (
    .clk_i(clk_i), .rst_ni(rst_ni), .chip_rst_ni(chip_rst_ni),
    .wb_cyc_i(cyc), .wb_stb_i(stb), .wb_we_i(we), .wb_adr_i(adr), .wb_dat_i(wdat), .wb_sel_i(sel),
    .wb_stall_o(stall), .wb_ack_o(ack), .wb_err_o(err), .wb_dat_o(rdat),
    .tsclk_i(tsclk_i), .ext_i(ext_i), .cpu_id_i(cpu_id_i), .waitstate_i(waitstate_i), .testb_i(testb_i),
    .test_o(test_o));

  assign wb_stall_o = 1'b0;
endmodule
`default_nettype wire
