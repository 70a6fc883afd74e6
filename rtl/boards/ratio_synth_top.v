`default_nettype none
// ratio_synth_top: a few-pin wrapper that lets place-and-route time the ratio counter pair and the Sample
// Unit on a small FPGA package (make sampleunit-synth). Not part of the product: inputs come from pins through
// registers or from a 32-bit LFSR, and every output is folded into one registered parity bit so that nothing
// is optimised away.
// Clock domain: clk_i. Parameters: WHAT (0 pair MANT 6, 1 pair MANT 14, 2 Sample Unit with two pairs,
// 3 Sample Unit with the timestamp; the Sample Units with MEM_SAMPLES 256, FIFO_DEPTH 8); OUTREG (the Sample
// Unit's memory read through its output register, rems_sample_unit's OUTREG: ECP5's 150 MHz form with the
// define REMS_ECP5_DP16KD; the pairs have no memory and ignore it).
module ratio_synth_top #(
  parameter WHAT   = 0,  // design under test
  parameter OUTREG = 0   // 1: the Sample Unit's memory through its output register (read latency 2)
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire den_i,
  input  wire num_i,
  input  wire clear_i,
  output wire result_o
);
  initial begin
    if (WHAT < 0 || WHAT > 3) begin $error("%m: WHAT must be 0..3"); $finish; end
    if (OUTREG != 0 && OUTREG != 1) begin $error("%m: OUTREG must be 0 or 1"); $finish; end
  end
  reg [31:0] lfsr_q, lfsr_d;
  reg [2:0]  in_q, in_d;
  reg        result_q, result_d;
  wire [31:0] fold;

  always @* begin
    lfsr_d = {lfsr_q[30:0], lfsr_q[31] ^ lfsr_q[21] ^ lfsr_q[1] ^ lfsr_q[0]};
    in_d = {clear_i, num_i, den_i};
    result_d = ^fold;
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      lfsr_q <= 32'h1;
      in_q <= 3'd0;
      result_q <= 1'b0;
    end else begin
      lfsr_q <= lfsr_d;
      in_q <= in_d;
      result_q <= result_d;
    end
  end
  assign result_o = result_q;

  generate
    if (WHAT == 0 || WHAT == 1) begin : g_pair
      localparam MANT = WHAT == 0 ? 6 : 14;
      wire [2*MANT+3:0] report;
      rems_ratio #(.MANT(MANT)) u_pair (
        .clk_i(clk_i), .rst_ni(rst_ni), .den_i(in_q[0]), .num_i(in_q[1]), .clear_i(in_q[2]), .report_o(report),
        .load_i(1'b0), .load_dreg_i(32'd0), .load_nreg_i(32'd0), .load_low_i(32'd0), .load_exp_i(5'd0),
        .load_nsat_i(1'b0));
      assign fold = {{(28-2*MANT){1'b0}}, report};
    end else begin : g_unit
      wire [31:0] rdata, fovf, movf;
      wire [8:0]  count;
      wire [1:0]  flags;
      wire [11:0] cfg;
      wire [3:0]  level;
      reg         restart_q;   // registered so that the wrapper adds no logic in front of the design
      always @(posedge clk_i) restart_q <= rst_ni && (&lfsr_q[31:24]);
      rems_sample_unit #(.KIND(WHAT == 2 ? 0 : 1), .FIFO_DEPTH(8), .MEM_SAMPLES(256), .OUTREG(OUTREG)) u_su (
        .clk_i(clk_i), .rst_ni(rst_ni), .sample_i(in_q[0]), .sel_i(lfsr_q[5:0] & {6{in_q[2]}}),
        .word_i(lfsr_q), .ev_i({lfsr_q[7], in_q[1], lfsr_q[6], in_q[0]}), .tick_i(1'b1),
        .cfg_we_i(in_q[2] & lfsr_q[31]), .cfg_i(lfsr_q[20:9]), .restart_i(restart_q),
        .mem_raddr_i(lfsr_q[8:0]), .mem_rdata_o(rdata), .count_o(count), .fifo_ovf_o(fovf), .mem_ovf_o(movf),
        .flags_o(flags), .cfg_o(cfg), .fifo_level_o(level));
      // outputs registered before the fold, as a user's read port would be
      reg [31:0] fold_q;
      always @(posedge clk_i) fold_q <= rdata ^ fovf ^ movf ^ {count, flags, cfg, level, 5'd0};
      assign fold = fold_q;
    end
  endgenerate
endmodule
`default_nettype wire
