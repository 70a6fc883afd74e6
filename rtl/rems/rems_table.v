`default_nettype none
// rems_table: one REMS lookup table, a simple dual-port RAM with one synchronous write port (the download
// port) and one synchronous read port (the matcher pipeline), written so that yosys maps it to block RAM
// (iCE40 EBR, ECP5 DP16KD).
//
// Clock domain: clk_i. Read latency 1: rdata_o shows the word at raddr_i after the edge. A read of the
// address written at the same edge is undefined: the matcher never uses such a read (every word that is
// in flight during a write has its triggers masked, see rems_matcher), so the RAM keeps the cheapest form
// and the FPGA's read-during-write behaviour does not matter. The array carries yosys' no_rw_check
// attribute to say so: without it yosys emulates read-old-data with soft logic around every block RAM (an
// address comparator and a data bypass, about 39 LUT4 and 29 FF per table on ECP5), which lengthened the
// RAM-to-RAM paths. Simulators ignore the attribute.
// Parameters: WIDTH (bits per word, >= 1), DEPTH (words, >= 2), INIT_FILE ($readmemh file with the
// initial contents, "" for all zeros).
module rems_table #(
  parameter WIDTH     = 8,   // bits per word
  parameter DEPTH     = 2048, // number of words
  parameter INIT_FILE = ""   // $readmemh image loaded at configuration; "" = all zeros
) (
  input  wire                     clk_i,
  input  wire                     we_i,
  input  wire [$clog2(DEPTH)-1:0] waddr_i,
  input  wire [WIDTH-1:0]         wdata_i,
  input  wire [$clog2(DEPTH)-1:0] raddr_i,
  output wire [WIDTH-1:0]         rdata_o
);
  initial begin
    if (WIDTH < 1) begin $error("rems_table: WIDTH must be >= 1"); $finish; end
    if (DEPTH < 2) begin $error("rems_table: DEPTH must be >= 2"); $finish; end
  end

  (* no_rw_check *) reg [WIDTH-1:0] mem [0:DEPTH-1];
  reg [WIDTH-1:0] rdata_q;

  // Zeros (code 0 = "no pattern" at every level) unless an image is given, so that an unloaded matcher
  // raises no trigger in every simulator and on the FPGA (block RAM initial values are free).
  // Synthesis skips the zeroing loop: unwritten block RAM is zero in iCE40 and ECP5 bitstreams anyway, and
  // yosys would take minutes to unroll 64K assignments.
  integer init_index;
  initial begin
`ifndef SYNTHESIS
    for (init_index = 0; init_index < DEPTH; init_index = init_index + 1) mem[init_index] = {WIDTH{1'b0}};
    rdata_q = {WIDTH{1'b0}};
`endif
    if (INIT_FILE != "") $readmemh(INIT_FILE, mem);
  end

  // Block RAM has no reset: the array and its read register are the RAM macro.
  always @(posedge clk_i) begin
    if (we_i) mem[waddr_i] <= wdata_i;
    rdata_q <= mem[raddr_i];
  end

  assign rdata_o = rdata_q;
endmodule
`default_nettype wire
