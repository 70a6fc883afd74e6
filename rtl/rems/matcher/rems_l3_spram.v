`default_nettype none
// rems_l3_spram: the REMS level-3 table (64K x 7: the paper's seven 64K x 1 RAMs side by side) built from
// four 16K x 16 single-port RAMs, the iCE40 UP5K's four SPRAMs (which hold 1 Mbit; level 3 needs 448 Kbit,
// far more than the UP5K's 120 Kbit of EBR).
//
// Clock domain: clk_i. Latency 1 like rems_table. The port is shared: in a clock with we_i high the write
// takes the port and the read of that clock returns undefined data. rems_matcher masks the triggers of
// every word in flight during a write, so no result depends on it.
// Parameters: WIDTH (trigger bits per word, 1..16).
module rems_l3_spram #(
  parameter WIDTH = 7  // trigger bits per entry (G and S1..S6)
) (
  input  wire             clk_i,
  input  wire             we_i,
  input  wire [15:0]      waddr_i,
  input  wire [WIDTH-1:0] wdata_i,
  input  wire [15:0]      raddr_i,
  output wire [WIDTH-1:0] rdata_o
`ifdef FORMAL
  ,
  input  wire [15:0]      f_probe_addr_i,  // formal only (as rems_table): an entry to look at
  output wire [WIDTH-1:0] f_probe_data_o   // formal only: its contents now
`endif
);
  initial begin
    if (WIDTH < 1 || WIDTH > 16) begin $error("rems_l3_spram: WIDTH must be 1..16"); $finish; end
  end

  wire [15:0] addr = we_i ? waddr_i : raddr_i;
  wire [15:0] wdata16 = {{(16 - WIDTH){1'b0}}, wdata_i};
  wire [15:0] bank_rdata [0:3];
`ifdef FORMAL
  wire [15:0] bank_probe [0:3];
`endif

  genvar bank;
  generate
    for (bank = 0; bank < 4; bank = bank + 1) begin : g_bank
      rems_spram_bank ram (
        .clk_i(clk_i), .en_i(addr[15:14] == bank), .we_i(we_i), .addr_i(addr[13:0]),
        .wdata_i(wdata16), .rdata_o(bank_rdata[bank])
`ifdef FORMAL
        , .f_probe_addr_i(f_probe_addr_i[13:0]), .f_probe_data_o(bank_probe[bank])
`endif
      );
    end
  endgenerate

  // The bank that answers is the one addressed at the edge, so its number travels with the read.
  reg [1:0] bank_q;
  reg [1:0] bank_d;
  initial bank_q = 2'd0;
  always @* begin
    bank_d = bank_q;
    bank_d = addr[15:14];
  end
  always @(posedge clk_i) bank_q <= bank_d;

  wire [15:0] selected = bank_rdata[bank_q];
  // Bits above WIDTH are written as zeros and never read.
  /* verilator lint_off UNUSEDSIGNAL */
  wire [15:0] selected_all = selected;
  /* verilator lint_on UNUSEDSIGNAL */
  assign rdata_o = selected_all[WIDTH-1:0];
`ifdef FORMAL
  wire [15:0] f_probe_all = bank_probe[f_probe_addr_i[15:14]];
  assign f_probe_data_o = f_probe_all[WIDTH-1:0];
`endif
endmodule
`default_nettype wire
