`default_nettype none
// mk2_fpga_eval_top: a board top that puts the whole MultiKron II core (mk2_chip) on a small FPGA for size
// and timing evaluation. The chip's network output and its clocks keep real pins; the processor bus,
// CPU ID lines, straps and X15..X0 (103 input bits) come from a scan chain and the bus outputs (ACKB,
// D63..D0, their enable: 66 bits) go back out through one, so the design fits a 48-pin iCE40 UP5K package
// while every path inside the core stays as in a real integration (where a SoC drives the bus directly).
//
// Clock domain: clk_i (node clock). With scan_en_i high the chains shift by one bit a clock
// (scan_in_i enters the input chain, the output chain's last bit is on scan_out_o); with scan_en_i low the
// core's inputs hold their last shifted value and the output chain captures the core's outputs every clock.
// Latency: one clock through each chain register. No parameters.
module mk2_fpga_eval_top (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       tsclk_i,
  // scan access to the processor interface
  input  wire       scan_en_i,
  input  wire       scan_in_i,
  output wire       scan_out_o,
  // collection network
  input  wire       netrdy_i,
  output wire       fifodab_o,
  output wire       netclk_o,
  output wire [7:0] net_data_o,
  output wire       net_parity_o,
  output wire       net_eom_o
);
  localparam IN_BITS = 103, OUT_BITS = 66;

  reg [IN_BITS-1:0]  in_chain_q, in_chain_d;
  reg [OUT_BITS-1:0] out_chain_q, out_chain_d;
  wire [OUT_BITS-1:0] core_out;

  always @* begin
    in_chain_d  = in_chain_q;
    out_chain_d = core_out;
    if (scan_en_i) begin
      in_chain_d  = {in_chain_q[IN_BITS-2:0], scan_in_i};
      out_chain_d = {out_chain_q[OUT_BITS-2:0], 1'b0};
    end
  end
  always @(posedge clk_i) begin
    in_chain_q  <= in_chain_d;
    out_chain_q <= out_chain_d;
  end

  wire        ackb, data_oe;
  wire [63:0] data_out;
  assign core_out   = {ackb, data_oe, data_out};
  assign scan_out_o = out_chain_q[OUT_BITS-1];

  wire [7:0]  test_unused, dbg_fifo_count_unused;
  wire [31:0] dbg_overrun_unused;
  wire        out_en_unused, dbg_phase_unused, dbg_shadow_unused, dbg_net_unused, dbg_discard_unused;
  wire        dbg_overspeed_unused;

  mk2_chip chip (
    .clk_i(clk_i), .rst_ni(rst_ni), .tsclk_i(tsclk_i),
    .readb_i(in_chain_q[0]), .writeb_i(in_chain_q[1]), .startb_i(in_chain_q[2]), .holdb_i(in_chain_q[3]),
    .ackb_o(ackb), .addr_i(in_chain_q[10:4]), .data_i(in_chain_q[74:11]), .data_o(data_out),
    .data_oe_o(data_oe), .cpu_id_i(in_chain_q[82:75]), .waitstate_i(in_chain_q[83]),
    .ext_i(in_chain_q[99:84]), .testb_i(in_chain_q[100]), .outdisb_i(in_chain_q[101]),
    .netrdy_i(netrdy_i && in_chain_q[102]),
    .fifodab_o(fifodab_o), .netclk_o(netclk_o), .net_data_o(net_data_o), .net_parity_o(net_parity_o),
    .net_eom_o(net_eom_o), .test_o(test_unused), .out_en_o(out_en_unused),
    .dbg_fifo_count_o(dbg_fifo_count_unused), .dbg_counter_phase_o(dbg_phase_unused),
    .dbg_shadow_busy_o(dbg_shadow_unused), .dbg_net_busy_o(dbg_net_unused), .dbg_discard_o(dbg_discard_unused),
    .dbg_overrun_count_o(dbg_overrun_unused),
    .dbg_tsclk_overspeed_o(dbg_overspeed_unused), .hw_trigger_i(1'b0), .hw_trigger_word_i(32'd0)
  );

  // The debug outputs exist for testbenches; on this board nothing reads them.
  wire unused_ok = &{1'b0, test_unused, dbg_fifo_count_unused, dbg_overrun_unused, out_en_unused,
                     dbg_phase_unused, dbg_shadow_unused, dbg_net_unused, dbg_discard_unused,
                     dbg_overspeed_unused};
endmodule
`default_nettype wire
