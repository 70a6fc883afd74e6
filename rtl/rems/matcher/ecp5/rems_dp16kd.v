`default_nettype none
// rems_dp16kd: one ECP5 DP16KD block RAM used as a simple dual-port RAM (port A writes, port B reads) with
// the output register of the read port on (REGMODE_B "OUTREG"): read latency 2, and about 1 ns
// clock-to-output instead of 5.83 ns (nextpnr-ecp5 timing model). Used only by rems_table_dp16kd, only in
// ECP5 synthesis (REMS_ECP5_DP16KD): simulators have no DP16KD (yosys' is a black box), so every
// simulation runs rems_table's behavioural form instead; tb/rems-matcher/dp16kd_model.v stands in for the
// primitive when the wiring itself is simulated (make rems-icarus).
// Pin use follows the mapping yosys 0.23 writes for an inferred DP16KD (techlibs/ecp5/brams_map.v): a
// port of DATA_WIDTH 9 takes its 11-bit word address on AD[13:3] and data on DI[8:0]/DO[8:0]; a port of
// DATA_WIDTH 1 takes the 14-bit address on AD[13:0] and data on DI[0]/DO[0]. The caller passes the 14-bit
// pin vector already aligned. Chip selects are unused (decoded in fabric), resets tied off: the RAM and its
// output register only ever carry table contents.
// Clock domain: clk_i. Parameters: DATA_WIDTH (1 or 9, both ports).
module rems_dp16kd #(
  parameter DATA_WIDTH = 9  // port width in bits (1: 16K x 1, 9: 2K x 9)
) (
  input  wire        clk_i,
  input  wire        we_i,     // write wdata_i at waddr_i at this edge (port A)
  input  wire [13:0] waddr_i,  // AD[13:0] pins of port A
  input  wire [17:0] wdata_i,  // DI[17:0] pins of port A (bits above DATA_WIDTH ignored)
  input  wire [13:0] raddr_i,  // AD[13:0] pins of port B
  output wire [17:0] rdata_o   // DO[17:0] pins of port B, two edges after raddr_i
);
  initial begin
    if (DATA_WIDTH != 1 && DATA_WIDTH != 9) begin $error("rems_dp16kd: DATA_WIDTH must be 1 or 9"); $finish; end
  end

  // Port A only writes: its read data is left unused.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [17:0] doa;
  /* verilator lint_on UNUSEDSIGNAL */

  DP16KD #(
    .DATA_WIDTH_A(DATA_WIDTH), .DATA_WIDTH_B(DATA_WIDTH),
    .REGMODE_A("NOREG"), .REGMODE_B("OUTREG"),
    .RESETMODE("SYNC"), .ASYNC_RESET_RELEASE("SYNC"),
    .CSDECODE_A("0b000"), .CSDECODE_B("0b000"),
    .WRITEMODE_A("NORMAL"), .WRITEMODE_B("NORMAL"),
    .GSR("DISABLED")
  ) ram (
    .CLKA(clk_i), .CEA(1'b1), .OCEA(1'b1), .WEA(we_i), .RSTA(1'b0),
    .CSA2(1'b0), .CSA1(1'b0), .CSA0(1'b0),
    .ADA13(waddr_i[13]), .ADA12(waddr_i[12]), .ADA11(waddr_i[11]), .ADA10(waddr_i[10]), .ADA9(waddr_i[9]),
    .ADA8(waddr_i[8]), .ADA7(waddr_i[7]), .ADA6(waddr_i[6]), .ADA5(waddr_i[5]), .ADA4(waddr_i[4]),
    .ADA3(waddr_i[3]), .ADA2(waddr_i[2]), .ADA1(waddr_i[1]), .ADA0(waddr_i[0]),
    .DIA17(wdata_i[17]), .DIA16(wdata_i[16]), .DIA15(wdata_i[15]), .DIA14(wdata_i[14]), .DIA13(wdata_i[13]),
    .DIA12(wdata_i[12]), .DIA11(wdata_i[11]), .DIA10(wdata_i[10]), .DIA9(wdata_i[9]), .DIA8(wdata_i[8]),
    .DIA7(wdata_i[7]), .DIA6(wdata_i[6]), .DIA5(wdata_i[5]), .DIA4(wdata_i[4]), .DIA3(wdata_i[3]),
    .DIA2(wdata_i[2]), .DIA1(wdata_i[1]), .DIA0(wdata_i[0]),
    .DOA17(doa[17]), .DOA16(doa[16]), .DOA15(doa[15]), .DOA14(doa[14]), .DOA13(doa[13]), .DOA12(doa[12]),
    .DOA11(doa[11]), .DOA10(doa[10]), .DOA9(doa[9]), .DOA8(doa[8]), .DOA7(doa[7]), .DOA6(doa[6]),
    .DOA5(doa[5]), .DOA4(doa[4]), .DOA3(doa[3]), .DOA2(doa[2]), .DOA1(doa[1]), .DOA0(doa[0]),
    .CLKB(clk_i), .CEB(1'b1), .OCEB(1'b1), .WEB(1'b0), .RSTB(1'b0),
    .CSB2(1'b0), .CSB1(1'b0), .CSB0(1'b0),
    .ADB13(raddr_i[13]), .ADB12(raddr_i[12]), .ADB11(raddr_i[11]), .ADB10(raddr_i[10]), .ADB9(raddr_i[9]),
    .ADB8(raddr_i[8]), .ADB7(raddr_i[7]), .ADB6(raddr_i[6]), .ADB5(raddr_i[5]), .ADB4(raddr_i[4]),
    .ADB3(raddr_i[3]), .ADB2(raddr_i[2]), .ADB1(raddr_i[1]), .ADB0(raddr_i[0]),
    .DIB17(1'b0), .DIB16(1'b0), .DIB15(1'b0), .DIB14(1'b0), .DIB13(1'b0), .DIB12(1'b0), .DIB11(1'b0),
    .DIB10(1'b0), .DIB9(1'b0), .DIB8(1'b0), .DIB7(1'b0), .DIB6(1'b0), .DIB5(1'b0), .DIB4(1'b0),
    .DIB3(1'b0), .DIB2(1'b0), .DIB1(1'b0), .DIB0(1'b0),
    .DOB17(rdata_o[17]), .DOB16(rdata_o[16]), .DOB15(rdata_o[15]), .DOB14(rdata_o[14]),
    .DOB13(rdata_o[13]), .DOB12(rdata_o[12]), .DOB11(rdata_o[11]), .DOB10(rdata_o[10]),
    .DOB9(rdata_o[9]), .DOB8(rdata_o[8]), .DOB7(rdata_o[7]), .DOB6(rdata_o[6]), .DOB5(rdata_o[5]),
    .DOB4(rdata_o[4]), .DOB3(rdata_o[3]), .DOB2(rdata_o[2]), .DOB1(rdata_o[1]), .DOB0(rdata_o[0])
  );
endmodule
`default_nettype wire
