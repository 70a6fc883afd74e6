`default_nettype none
// ratio_tb_top: PAIRS independent rems_ratio pairs side by side, so that one Verilated clock advances many
// test runs at once (tb/rems-sampleunit/test_ratio.c drives a different numerator pattern into each pair).
//
// Clock domain: clk_i. Latency: that of rems_ratio (an event at edge t shows in reports_o after edge t).
// Parameters: PAIRS (1..64), MANT (6 or 14, passed to every pair).
module ratio_tb_top #(
  parameter PAIRS = 64,  // number of pairs
  parameter MANT  = 6    // mantissa width of every pair
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire [PAIRS-1:0]      den_i,
  input  wire [PAIRS-1:0]      num_i,
  input  wire [PAIRS-1:0]      clear_i,
  input  wire [PAIRS-1:0]      load_i,
  input  wire [31:0]           load_dreg_i,
  input  wire [31:0]           load_nreg_i,
  input  wire [31:0]           load_low_i,
  input  wire [4:0]            load_exp_i,
  input  wire                  load_nsat_i,
  output wire [32*PAIRS-1:0]   reports_o   // pair i in bits 32i+31 .. 32i, report right-aligned
);
  initial begin
    if (PAIRS < 1 || PAIRS > 64) begin $error("ratio_tb_top: PAIRS must be 1..64"); $finish; end
  end

  genvar i;
  generate
    for (i = 0; i < PAIRS; i = i + 1) begin : g_pair
      wire [2*MANT+3:0] report;
      rems_ratio #(.MANT(MANT)) u_pair (
        .clk_i(clk_i), .rst_ni(rst_ni), .den_i(den_i[i]), .num_i(num_i[i]), .clear_i(clear_i[i]),
        .report_o(report), .load_i(load_i[i]), .load_dreg_i(load_dreg_i), .load_nreg_i(load_nreg_i),
        .load_low_i(load_low_i), .load_exp_i(load_exp_i), .load_nsat_i(load_nsat_i));
      assign reports_o[32*i +: 32] = {{(32-(2*MANT+4)){1'b0}}, report};
    end
  endgenerate
endmodule
`default_nettype wire
