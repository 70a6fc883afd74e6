`default_nettype none
// mk2_rems_synth_top: the MultiKron II evaluation top (mk2_fpga_eval_top: the whole mk2_chip behind scan
// chains) and one REMS Sample Unit with its pattern matcher (rems_array_synth_top with UNITS = 1) side by
// side on one FPGA, so that place-and-route answers whether both fit one part and at what clock
// (scripts/synth-rems-check). Not part of the product. The two share the node clock and the reset and keep
// their own pins: the eval top's 16, the REMS wrapper's 5 (a download shift port and a parity output); the
// REMS side's synchronous reset comes through its own rtl/common/reset_sync.v.
// The hybrid trigger link (rems_unit_array trig_o[0]/gword_o into mk2_chip hw_trigger_i) is not wired:
// mk2_fpga_eval_top ties it off; it adds 33 flip-flops and no RAM.
// Clock domains: clk_i (node clock, both cores), tsclk_i (the MultiKron II Timestamp clock). Latency: as
// the two tops. Parameters: L3_SPRAM, OUTREG (passed to the REMS side: L3_SPRAM = 1 for the iCE40 UP5K,
// OUTREG = 1 for ECP5 with REMS_ECP5_DP16KD).
module mk2_rems_synth_top #(
  parameter L3_SPRAM = 1,  // REMS level 3 in the UP5K's SPRAM (1) or in block RAM (0)
  parameter OUTREG   = 0   // REMS RAM output registers (ECP5 150 MHz form; needs L3_SPRAM = 0)
) (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       tsclk_i,
  // MultiKron II: scan access to the processor interface, collection network (see mk2_fpga_eval_top)
  input  wire       scan_en_i,
  input  wire       scan_in_i,
  output wire       scan_out_o,
  input  wire       netrdy_i,
  output wire       fifodab_o,
  output wire       netclk_o,
  output wire [7:0] net_data_o,
  output wire       net_parity_o,
  output wire       net_eom_o,
  // REMS Sample Unit (see rems_array_synth_top)
  input  wire       rems_dl_bit_i,
  input  wire       rems_dl_shift_i,
  input  wire       rems_dl_we_i,
  input  wire       rems_restart_i,
  output wire       rems_result_o
);
  initial begin
    if (L3_SPRAM != 0 && L3_SPRAM != 1) begin $error("%m: L3_SPRAM must be 0 or 1"); $finish; end
    if (OUTREG != 0 && OUTREG != 1) begin $error("%m: OUTREG must be 0 or 1"); $finish; end
    if (OUTREG != 0 && L3_SPRAM != 0) begin $error("%m: OUTREG = 1 needs L3_SPRAM = 0"); $finish; end
  end

  mk2_fpga_eval_top mk2 (
    .clk_i(clk_i), .rst_ni(rst_ni), .tsclk_i(tsclk_i), .scan_en_i(scan_en_i), .scan_in_i(scan_in_i),
    .scan_out_o(scan_out_o), .netrdy_i(netrdy_i), .fifodab_o(fifodab_o), .netclk_o(netclk_o),
    .net_data_o(net_data_o), .net_parity_o(net_parity_o), .net_eom_o(net_eom_o));

  // mk2_chip synchronizes rst_ni itself; the REMS side takes a synchronous reset, so it gets its own
  // synchronizer
  wire rems_rst_n;
  reset_sync rems_reset (.clk_i(clk_i), .rst_ni(rst_ni), .rst_no(rems_rst_n));

  rems_array_synth_top #(.UNITS(1), .KINDS(16'h0), .L3_SPRAM(L3_SPRAM), .OUTREG(OUTREG), .MEM_SAMPLES(256)) rems (
    .clk_i(clk_i), .rst_ni(rems_rst_n), .dl_bit_i(rems_dl_bit_i), .dl_shift_i(rems_dl_shift_i),
    .dl_we_i(rems_dl_we_i), .restart_i(rems_restart_i), .result_o(rems_result_o));
endmodule
`default_nettype wire
