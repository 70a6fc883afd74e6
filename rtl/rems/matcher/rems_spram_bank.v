`default_nettype none
// rems_spram_bank: one 16K x 16 single-port RAM, the shape of one iCE40 UP5K SPRAM (SB_SPRAM256KA).
//
// Clock domain: clk_i. One access per clock: with we_i high the word at addr_i is written (the read
// data of that clock is undefined and the matcher does not use it), otherwise it is read and rdata_o
// shows it after the edge (latency 1).
// By default the RAM is behavioural, in the single-port form that yosys maps to SPRAM
// (synth_ice40 -spram) and every simulator runs. Defining REMS_SB_SPRAM instantiates the iCE40 primitive
// directly instead, for yosys versions that do not infer SPRAM. SPRAM cannot be initialised by the
// bitstream: it powers up with unknown contents, so a matcher using it must be downloaded before use.
// Parameters: none (the primitive's shape is fixed).
module rems_spram_bank (
  input  wire        clk_i,
  input  wire        en_i,     // this bank takes part in the access (chip select)
  input  wire        we_i,
  input  wire [13:0] addr_i,
  input  wire [15:0] wdata_i,
  output wire [15:0] rdata_o
`ifdef FORMAL
  ,
  input  wire [13:0] f_probe_addr_i,  // formal only (as rems_table): an entry to look at
  output wire [15:0] f_probe_data_o   // formal only: its contents now
`endif
);
`ifdef REMS_SB_SPRAM
`ifdef FORMAL
  initial begin $error("%m: the formal build needs the behavioural form (no REMS_SB_SPRAM)"); $finish; end
  assign f_probe_data_o = 16'h0000;
`endif
  SB_SPRAM256KA spram (
    .ADDRESS(addr_i), .DATAIN(wdata_i), .MASKWREN(4'b1111), .WREN(we_i), .CHIPSELECT(en_i),
    .CLOCK(clk_i), .STANDBY(1'b0), .SLEEP(1'b0), .POWEROFF(1'b1), .DATAOUT(rdata_o)
  );
`else
  reg [15:0] mem [0:16383];
  reg [15:0] rdata_q;

  // Simulation starts from zeros (no triggers) so that results never depend on X; the real SPRAM does
  // not, which is why docs/rems-matcher.md requires a download after power-up for this variant.
  integer init_index;
  initial begin
`ifndef SYNTHESIS
`ifndef FORMAL
    // (formal builds start from arbitrary contents: the proofs hold for every table)
    for (init_index = 0; init_index < 16384; init_index = init_index + 1) mem[init_index] = 16'h0000;
    rdata_q = 16'h0000;
`endif
`endif
  end

  always @(posedge clk_i) begin
    if (en_i) begin
      if (we_i) mem[addr_i] <= wdata_i;
      else rdata_q <= mem[addr_i];
    end
  end

  assign rdata_o = rdata_q;
`ifdef FORMAL
  assign f_probe_data_o = mem[f_probe_addr_i];
`endif
`endif
endmodule
`default_nettype wire
