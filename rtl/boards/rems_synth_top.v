`default_nettype none
// rems_synth_top: a few-pin wrapper that lets place-and-route time rems_matcher on a small FPGA package
// (make rems-synth). Not part of the product: the words come from a 32-bit LFSR, the download port from a
// 48-bit shift register loaded one bit a clock, and the results are folded into one output bit, so that
// no logic is optimised away and every matcher port is driven from and into registers.
// Clock domain: clk_i. Parameters: L3_SPRAM, OUTREG (passed on to the matcher).
module rems_synth_top #(
  parameter L3_SPRAM = 1,  // level-3 variant under test
  parameter OUTREG   = 0   // RAM output registers (ECP5 150 MHz form, LATENCY 8)
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire dl_bit_i,     // next download bit (shifted in, address and data)
  input  wire dl_shift_i,   // shift dl_bit_i in
  input  wire dl_we_i,      // write the shifted-in {addr, data}
  output wire result_o,     // parity of word_o, trig_o and valid_o
  output wire masked_o
);
  initial begin
    if (L3_SPRAM != 0 && L3_SPRAM != 1) begin $error("rems_synth_top: L3_SPRAM must be 0 or 1"); $finish; end
    if (OUTREG != 0 && OUTREG != 1) begin $error("rems_synth_top: OUTREG must be 0 or 1"); $finish; end
  end

  reg [31:0] lfsr_q, lfsr_d;
  reg [47:0] dl_q, dl_d;
  reg        we_q, we_d;
  reg        result_q, result_d;
  wire [31:0] word_o;
  wire [6:0]  trig_o;
  wire        valid_o, loading;
  /* verilator lint_off UNUSEDSIGNAL */
  wire        tag_unused;   // nothing rides along the words here
  /* verilator lint_on UNUSEDSIGNAL */

  always @* begin
    lfsr_d = lfsr_q;
    dl_d = dl_q;
    we_d = we_q;
    result_d = result_q;
    lfsr_d = {lfsr_q[30:0], lfsr_q[31] ^ lfsr_q[21] ^ lfsr_q[1] ^ lfsr_q[0]};
    if (dl_shift_i) dl_d = {dl_q[46:0], dl_bit_i};
    we_d = dl_we_i;
    result_d = ^{word_o, trig_o, valid_o, loading};
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      lfsr_q <= 32'h1;
      dl_q <= 48'd0;
      we_q <= 1'b0;
      result_q <= 1'b0;
    end else begin
      lfsr_q <= lfsr_d;
      dl_q <= dl_d;
      we_q <= we_d;
      result_q <= result_d;
    end
  end

  rems_matcher #(.L3_SPRAM(L3_SPRAM), .OUTREG(OUTREG)) matcher (
    .clk_i(clk_i), .rst_ni(rst_ni), .word_i(lfsr_q), .valid_i(1'b1), .word_o(word_o), .trig_o(trig_o),
    .valid_o(valid_o), .dl_we_i(we_q), .dl_addr_i(dl_q[47:32]), .dl_data_i(dl_q[31:0]),
    .dl_masked_o(masked_o), .dl_loading_o(loading), .tag_i(1'b0), .tag_o(tag_unused));

  assign result_o = result_q;
endmodule
`default_nettype wire
