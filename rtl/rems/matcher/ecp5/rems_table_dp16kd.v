`default_nettype none
// rems_table_dp16kd: rems_table with OUTREG = 1 built from ECP5 DP16KD instances with their output
// registers on (rems_dp16kd), for ECP5 synthesis only (rems_table selects it under REMS_ECP5_DP16KD; see
// there for why). Same ports and cycle behaviour as rems_table's behavioural OUTREG = 1 form: read latency
// 2, a read of the address written at the same edge undefined.
// Shapes: DEPTH <= 2048: ceil(WIDTH / 9) DP16KD of 2K x 9 side by side (T0..T4: one each).
//         DEPTH 32K, 64K, 128K or 256K: DEPTH / 16384 banks of WIDTH DP16KD of 16K x 1 (T5, 64K x 7: 28), the
//         bank chosen by a fabric multiplexer after the output registers, its select delayed two clocks
//         with the read. The multiplexer output is combinational: the matcher registers it (output stage).
// Clock domain: clk_i. Parameters: WIDTH (>= 1), DEPTH (as above), INIT_FILE (must be "": DP16KD contents
// are parameters that a $readmemh image cannot fill in Verilog-2005; unwritten DP16KD are zero).
module rems_table_dp16kd #(
  parameter WIDTH     = 8,     // bits per word
  parameter DEPTH     = 2048,  // number of words: <= 2048, or 32768, 65536, 131072, 262144
  parameter INIT_FILE = ""     // must be "" (no initial image in this form)
) (
  input  wire                     clk_i,
  input  wire                     we_i,
  input  wire [$clog2(DEPTH)-1:0] waddr_i,
  input  wire [WIDTH-1:0]         wdata_i,
  input  wire [$clog2(DEPTH)-1:0] raddr_i,
  output wire [WIDTH-1:0]         rdata_o
);
  localparam AW = $clog2(DEPTH);
  localparam WIDE = DEPTH <= 2048;              // 2K x 9 form, else 16K x 1 banks
  localparam COLS = (WIDTH + 8) / 9;            // 2K x 9 blocks side by side
  localparam BANKS = WIDE ? 1 : DEPTH / 16384;  // 16K x 1 banks

  initial begin
    if (WIDTH < 1) begin $error("rems_table_dp16kd: WIDTH must be >= 1"); $finish; end
    if (DEPTH < 2 || (!WIDE && (DEPTH != 1 << AW || AW < 15 || AW > 18))) begin
      $error("rems_table_dp16kd: DEPTH must be 2..2048, 32768, 65536, 131072 or 262144"); $finish;
    end
    if (INIT_FILE != "") begin $error("rems_table_dp16kd: INIT_FILE is not supported (must be \"\")"); $finish; end
  end

  genvar col, bank, bit_index;
  generate
    if (WIDE) begin : g_wide
      // 2K x 9: word address on AD[13:3], AD[2:0] tied low (yosys' mapping for DATA_WIDTH 9)
      wire [10:0] waddr11, raddr11;
      wire [9*COLS-1:0] wdata_all, rdata_all;
      assign waddr11[AW-1:0] = waddr_i;
      assign raddr11[AW-1:0] = raddr_i;
      assign wdata_all[WIDTH-1:0] = wdata_i;
      if (AW < 11) begin : g_apad
        assign waddr11[10:AW] = {(11 - AW){1'b0}};
        assign raddr11[10:AW] = {(11 - AW){1'b0}};
      end
      if (9 * COLS > WIDTH) begin : g_dpad
        assign wdata_all[9*COLS-1:WIDTH] = {(9 * COLS - WIDTH){1'b0}};
      end
      for (col = 0; col < COLS; col = col + 1) begin : g_col
        wire [17:0] dout;
        rems_dp16kd #(.DATA_WIDTH(9)) ram (
          .clk_i(clk_i), .we_i(we_i), .waddr_i({waddr11, 3'b000}), .wdata_i({9'd0, wdata_all[9*col +: 9]}),
          .raddr_i({raddr11, 3'b000}), .rdata_o(dout));
        assign rdata_all[9*col +: 9] = dout[8:0];
        // DO[17:9] are unused in the 9-bit mode
        /* verilator lint_off UNUSEDSIGNAL */
        wire [8:0] dout_unused = dout[17:9];
        /* verilator lint_on UNUSEDSIGNAL */
      end
      assign rdata_o = rdata_all[WIDTH-1:0];
      /* verilator lint_off UNUSEDSIGNAL */
      wire [9*COLS-1:0] rdata_all_unused = rdata_all;  // padding bits above WIDTH
      /* verilator lint_on UNUSEDSIGNAL */
    end else begin : g_banked
      // 16K x 1: address on AD[13:0]; the bank is the address above bit 13, decoded in fabric
      wire [WIDTH-1:0] bank_rdata [0:BANKS-1];
      for (bank = 0; bank < BANKS; bank = bank + 1) begin : g_bank
        localparam [AW-15:0] BANK_NO = bank;  // this bank's address bits above bit 13
        wire bank_we = we_i && (waddr_i[AW-1:14] == BANK_NO);
        wire [WIDTH-1:0] bank_word;  // this bank's output register contents
        for (bit_index = 0; bit_index < WIDTH; bit_index = bit_index + 1) begin : g_bit
          wire [17:0] dout;
          rems_dp16kd #(.DATA_WIDTH(1)) ram (
            .clk_i(clk_i), .we_i(bank_we), .waddr_i(waddr_i[13:0]), .wdata_i({17'd0, wdata_i[bit_index]}),
            .raddr_i(raddr_i[13:0]), .rdata_o(dout));
          assign bank_word[bit_index] = dout[0];
          // DO[17:1] are unused in the 1-bit mode
          /* verilator lint_off UNUSEDSIGNAL */
          wire [16:0] dout_unused = dout[17:1];
          /* verilator lint_on UNUSEDSIGNAL */
        end
        assign bank_rdata[bank] = bank_word;
      end

      // The bank number travels with the read: one clock for the RAM's address register, one for its
      // output register. No reset: a stale select only picks data that the matcher does not use.
      reg [AW-15:0] bank1_q, bank1_d, bank2_q, bank2_d;
`ifndef SYNTHESIS
      initial begin bank1_q = {(AW - 14){1'b0}}; bank2_q = {(AW - 14){1'b0}}; end
`endif
      always @* begin
        bank1_d = bank1_q; bank2_d = bank2_q;
        bank1_d = raddr_i[AW-1:14];
        bank2_d = bank1_q;
      end
      always @(posedge clk_i) begin
        bank1_q <= bank1_d;
        bank2_q <= bank2_d;
      end
      assign rdata_o = bank_rdata[bank2_q];
    end
  endgenerate
endmodule
`default_nettype wire
