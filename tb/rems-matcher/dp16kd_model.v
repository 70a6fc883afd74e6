`default_nettype none
// DP16KD: a simulation stand-in for the ECP5 block RAM primitive, only as far as rtl/rems/matcher/ecp5/rems_dp16kd.v
// uses it, so that the DP16KD form of the matcher (REMS_ECP5_DP16KD) can be simulated and linted: yosys
// ships DP16KD as a black box and there is no free vendor model here. Test-only; never synthesised.
// What it models, from Lattice's DP16KD description and the pin mapping yosys 0.23 writes for inferred
// RAM (techlibs/ecp5/brams_map.v): both ports of the same DATA_WIDTH, 1 (16K x 1, address AD[13:0], data
// pin 0) or 9 (2K x 9, word address AD[13:3], data pins 8:0); a synchronous read into the port's read
// latch at every clock with CE high, shown on DO directly (REGMODE "NOREG") or through the output register
// loaded at the next clock with OCE high (REGMODE "OUTREG"); writes at the clock with WE and CE high.
// A read of the address that the other port writes at the same clock gives X (the real RAM's result is
// undefined there), so a test sees any such read that the matcher fails to mask.
// Chip selects, resets and write-through modes are not modelled: the parameters that would need them
// are rejected. Clock domains: CLKA, CLKB. Parameters: as the primitive's (those used are checked).
// It carries the primitive's name, which cannot match this file's.
/* verilator lint_off DECLFILENAME */
module DP16KD #(
/* verilator lint_on DECLFILENAME */
  parameter DATA_WIDTH_A = 18,       // 1 or 9 here, equal to DATA_WIDTH_B
  parameter DATA_WIDTH_B = 18,
  parameter REGMODE_A = "NOREG",     // "NOREG" or "OUTREG"
  parameter REGMODE_B = "NOREG",
  /* verilator lint_off UNUSEDPARAM */
  parameter RESETMODE = "SYNC",      // resets are tied low by rems_dp16kd: not modelled
  parameter ASYNC_RESET_RELEASE = "SYNC",
  parameter CSDECODE_A = "0b000",    // chip selects unused: must stay "0b000" with CS pins low
  parameter CSDECODE_B = "0b000",
  parameter WRITEMODE_A = "NORMAL",  // only "NORMAL" (a writing port's own read is not modelled)
  parameter WRITEMODE_B = "NORMAL",
  parameter GSR = "DISABLED"         // global set/reset: not modelled
  /* verilator lint_on UNUSEDPARAM */
) (
  input  wire DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4,
  input  wire DIA3, DIA2, DIA1, DIA0,
  input  wire ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0,
  input  wire CEA, OCEA, CLKA, WEA, RSTA, CSA2, CSA1, CSA0,
  output wire DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4,
  output wire DOA3, DOA2, DOA1, DOA0,
  input  wire DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4,
  input  wire DIB3, DIB2, DIB1, DIB0,
  input  wire ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0,
  input  wire CEB, OCEB, CLKB, WEB, RSTB, CSB2, CSB1, CSB0,
  output wire DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4,
  output wire DOB3, DOB2, DOB1, DOB0
);
  // String parameters compare with literals of other lengths (Verilog pads them): no width issue.
  /* verilator lint_off WIDTH */
  initial begin
    if (DATA_WIDTH_A != DATA_WIDTH_B || (DATA_WIDTH_A != 1 && DATA_WIDTH_A != 9)) begin
      $error("DP16KD model: DATA_WIDTH_A = DATA_WIDTH_B = 1 or 9 only"); $finish;
    end
    if ((REGMODE_A != "NOREG" && REGMODE_A != "OUTREG") || (REGMODE_B != "NOREG" && REGMODE_B != "OUTREG")) begin
      $error("DP16KD model: REGMODE must be NOREG or OUTREG"); $finish;
    end
    if (CSDECODE_A != "0b000" || CSDECODE_B != "0b000" || WRITEMODE_A != "NORMAL" || WRITEMODE_B != "NORMAL") begin
      $error("DP16KD model: CSDECODE 0b000 and WRITEMODE NORMAL only"); $finish;
    end
  end

  localparam W = DATA_WIDTH_A;
  localparam OUTREG_A = REGMODE_A == "OUTREG";
  localparam OUTREG_B = REGMODE_B == "OUTREG";
  /* verilator lint_on WIDTH */

  wire [13:0] ada = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0};
  wire [13:0] adb = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0};
  wire [17:0] dia = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5,
                     DIA4, DIA3, DIA2, DIA1, DIA0};
  wire [17:0] dib = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5,
                     DIB4, DIB3, DIB2, DIB1, DIB0};
  // word index of an address: 16K x 1 uses all 14 bits, 2K x 9 the 11 above bit 2
  wire [13:0] wa = W == 9 ? {3'b000, ada[13:3]} : ada;
  wire [13:0] wb = W == 9 ? {3'b000, adb[13:3]} : adb;

  reg [8:0] mem [0:16383];  // 16K words of which W bits (and, for W = 9, 2K words) are used
  reg [8:0] lat_a, lat_b, out_a, out_b;
  integer i;
  initial begin
    for (i = 0; i < 16384; i = i + 1) mem[i] = 9'd0;  // unwritten block RAM is zero in the bitstream
    lat_a = 9'd0; lat_b = 9'd0; out_a = 9'd0; out_b = 9'd0;
  end

  wire [8:0] wmask = W == 9 ? 9'h1ff : 9'h001;

  always @(posedge CLKA) begin
    if (RSTA || CSA2 || CSA1 || CSA0) begin $error("DP16KD model: RSTA/CSA not modelled"); $finish; end
    if (CEA && WEA) mem[wa] <= dia[8:0] & wmask;
    else if (CEA) lat_a <= (CEB && WEB && wb == wa) ? 9'bx : mem[wa];
    if (OCEA) out_a <= lat_a;
  end
  always @(posedge CLKB) begin
    if (RSTB || CSB2 || CSB1 || CSB0) begin $error("DP16KD model: RSTB/CSB not modelled"); $finish; end
    if (CEB && WEB) mem[wb] <= dib[8:0] & wmask;
    else if (CEB) lat_b <= (CEA && WEA && wa == wb) ? 9'bx : mem[wb];
    if (OCEB) out_b <= lat_b;
  end

  wire [8:0] doa = OUTREG_A ? out_a : lat_a;
  wire [8:0] dob = OUTREG_B ? out_b : lat_b;
  assign {DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0} = doa;
  assign {DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0} = dob;
  // the upper data pins of the 18-bit modes, not modelled
  assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9} = 9'd0;
  assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9} = 9'd0;
  /* verilator lint_off UNUSEDSIGNAL */
  wire [17:0] unused = {dia[17:9], dib[17:9]};
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
`default_nettype wire
