`default_nettype none
// rems_array_synth_top: a few-pin wrapper that lets place-and-route time the REMS Sample Unit array
// (rems_unit_array: a matcher and a Sample Unit per unit, the ORed broadcast triggers, the host read port)
// on an FPGA (scripts/synth-rems-check). Not part of the product: the probe words, events, host addresses and
// switch writes come from a 32-bit LFSR, the download port from a 48-bit shift register loaded one bit a
// clock (as rems_synth_top), and every output (host read data, triggers, trigger word) is folded into one
// registered parity bit, so that no logic is optimised away and every port of the array is driven from
// and into registers.
// Clock domain: clk_i, rst_ni synchronous active low. Latency: the array's, plus one register on each side
// (two for the host read data: a read port register, then the fold).
// Parameters: UNITS (1..8), KINDS, L3_SPRAM, OUTREG (passed on to rems_unit_array; OUTREG = 1 needs
// L3_SPRAM = 0), MEM_SAMPLES (per unit).
module rems_array_synth_top #(
  parameter UNITS        = 1,      // Sample Units in the array
  parameter [15:0] KINDS = 16'h0,  // preprocessor kind of each unit, 2 bits each (rems_unit_array)
  parameter L3_SPRAM     = 0,      // level-3 variant (1: iCE40 UP5K SPRAM)
  parameter OUTREG       = 1,      // RAM output registers (ECP5 150 MHz form, matcher LATENCY 8)
  parameter MEM_SAMPLES  = 256     // samples per unit memory
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire dl_bit_i,     // next download bit (shifted in: {unit select, addr, data})
  input  wire dl_shift_i,   // shift dl_bit_i in
  input  wire dl_we_i,      // write the shifted-in {addr, data} to the units selected
  input  wire restart_i,    // restart every unit (registered)
  output wire result_o      // parity of everything the array gives out
);
  localparam MAW = $clog2(2 * MEM_SAMPLES);
  initial begin
    if (UNITS < 1 || UNITS > 8) begin $error("%m: UNITS must be 1..8"); $finish; end
    if (L3_SPRAM != 0 && L3_SPRAM != 1) begin $error("%m: L3_SPRAM must be 0 or 1"); $finish; end
    if (OUTREG != 0 && OUTREG != 1) begin $error("%m: OUTREG must be 0 or 1"); $finish; end
    if (OUTREG != 0 && L3_SPRAM != 0) begin $error("%m: OUTREG = 1 needs L3_SPRAM = 0"); $finish; end
    if (MAW > 32) begin $error("%m: MEM_SAMPLES too large"); $finish; end
  end

  reg [31:0] lfsr_q, lfsr_d;
  reg [55:0] dl_q, dl_d;       // {unit select, addr, data}
  reg        we_q, we_d;
  reg        restart_q, restart_d;
  reg        result_q, result_d;
  reg [31:0] rdata_q, rdata_d;  // the host read data registered first, as a user's read port would
  wire [31:0] host_rdata, gword;
  wire [6:0]  trig;

  // every unit sees its own word: the LFSR rotated by 4 bits per unit
  wire [32*UNITS-1:0] words;
  genvar u;
  generate
    for (u = 0; u < UNITS; u = u + 1) begin : g_word
      if (u == 0) begin : g_plain
        assign words[31:0] = lfsr_q;
      end else begin : g_rot
        assign words[32*u +: 32] = {lfsr_q[4*u-1:0], lfsr_q[31:4*u]};
      end
    end
  endgenerate

  always @* begin
    lfsr_d = lfsr_q;
    dl_d = dl_q;
    we_d = we_q;
    restart_d = restart_q;
    result_d = result_q;
    rdata_d = rdata_q;
    lfsr_d = {lfsr_q[30:0], lfsr_q[31] ^ lfsr_q[21] ^ lfsr_q[1] ^ lfsr_q[0]};
    if (dl_shift_i) dl_d = {dl_q[54:0], dl_bit_i};
    we_d = dl_we_i;
    restart_d = restart_i;
    rdata_d = host_rdata;
    result_d = ^{rdata_q, gword, trig};
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      lfsr_q <= 32'h1;
      dl_q <= 56'd0;
      we_q <= 1'b0;
      restart_q <= 1'b0;
      result_q <= 1'b0;
      rdata_q <= 32'd0;
    end else begin
      lfsr_q <= lfsr_d;
      dl_q <= dl_d;
      we_q <= we_d;
      restart_q <= restart_d;
      result_q <= result_d;
      rdata_q <= rdata_d;
    end
  end

  // the host reads and the switch writes take LFSR bits: every read mux and the switch register stay live
  wire [31:0] host_addr = {lfsr_q[15:0], lfsr_q[31:16]};
  rems_unit_array #(.UNITS(UNITS), .KINDS(KINDS), .FIFO_DEPTH(8), .MEM_SAMPLES(MEM_SAMPLES),
                    .L3_SPRAM(L3_SPRAM), .OUTREG(OUTREG)) array (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .word_i(words), .valid_i({UNITS{lfsr_q[3]}} | lfsr_q[UNITS+7:8]), .ev_i({UNITS{lfsr_q[27:24]}}),
    .tick_i(lfsr_q[30]),
    .dl_units_i(dl_q[48 +: UNITS]), .dl_we_i(we_q), .dl_addr_i(dl_q[47:32]), .dl_data_i(dl_q[31:0]),
    .cfg_we_i(lfsr_q[31] & lfsr_q[29]), .cfg_unit_i(lfsr_q[18:16]), .cfg_data_i(lfsr_q[23:12]),
    .restart_i(restart_q),
    .host_unit_i(lfsr_q[6:4]), .host_reg_i(lfsr_q[7]), .host_addr_i(host_addr[MAW-1:0]),
    .host_rdata_o(host_rdata), .trig_o(trig), .gword_o(gword));

  assign result_o = result_q;

  // the unit-select bits above UNITS and the unused download-chain bits
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_ok = &{1'b0, dl_q, host_addr};
  /* verilator lint_on UNUSEDSIGNAL */
endmodule
`default_nettype wire
