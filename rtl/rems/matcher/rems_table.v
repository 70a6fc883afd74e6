`default_nettype none
// rems_table: one REMS lookup table, a simple dual-port RAM with one synchronous write port (the download
// port) and one synchronous read port (the matcher pipeline), written so that yosys maps it to block RAM
// (iCE40 EBR, ECP5 DP16KD).
//
// Clock domain: clk_i. Read latency 1 + OUTREG: with OUTREG = 0 rdata_o shows the word at raddr_i after the
// edge; with OUTREG = 1 one edge later, through a second register (the block RAM's own output register on
// ECP5, see below). A read of the address written at the same edge is undefined: the matcher never uses
// such a read (every word that is in flight during a write has its triggers masked, see rems_matcher), so
// the RAM keeps the cheapest form and the FPGA's read-during-write behaviour does not matter. The array
// carries yosys' no_rw_check attribute to say so: without it yosys emulates read-old-data with soft logic
// around every block RAM (an address comparator and a data bypass, about 39 LUT4 and 29 FF per table on
// ECP5), which lengthened the RAM-to-RAM paths. Simulators ignore the attribute.
//
// OUTREG = 1 on ECP5: a DP16KD read without its output register has 5.83 ns clock-to-output, which leaves
// no time for the next RAM's address at 150 MHz; its output register (REGMODE "OUTREG") has about 1 ns.
// No yosys (0.23, nor 0.70 tried) infers REGMODE OUTREG: a register after an inferred RAM stays in fabric,
// after the NOREG output and after yosys' bank multiplexer. So with REMS_ECP5_DP16KD defined (ECP5
// synthesis only) and OUTREG = 1 the table is built from DP16KD instances with REGMODE_B "OUTREG" and, for
// the 64K-entry level 3, a bank multiplexer after the output registers; simulators and every other build
// use the behavioural model below, which has the same cycle behaviour.
// Parameters: WIDTH (bits per word, >= 1), DEPTH (words, >= 2), INIT_FILE ($readmemh file with the
// initial contents, "" for all zeros), OUTREG (0 or 1: extra output register).
// Formal builds only (`ifdef FORMAL, make formal): the probe port f_probe_addr_i/f_probe_data_o reads the
// array combinationally (the contents now), so rems_matcher's properties can name a table entry (yosys 0.23
// reads no hierarchical references); there the array starts with arbitrary contents (no zeroing loop, which
// also kept yosys unrolling 64K assignments for minutes), so the proofs hold for every table.
module rems_table #(
  parameter WIDTH     = 8,    // bits per word
  parameter DEPTH     = 2048, // number of words
  parameter INIT_FILE = "",   // $readmemh image loaded at configuration; "" = all zeros
  parameter OUTREG    = 0     // 1: a second read register (read latency 2), the DP16KD output register on ECP5
) (
  input  wire                     clk_i,
  input  wire                     we_i,
  input  wire [$clog2(DEPTH)-1:0] waddr_i,
  input  wire [WIDTH-1:0]         wdata_i,
  input  wire [$clog2(DEPTH)-1:0] raddr_i,
  output wire [WIDTH-1:0]         rdata_o
`ifdef FORMAL
  ,
  input  wire [$clog2(DEPTH)-1:0] f_probe_addr_i,  // formal only: an entry to look at
  output wire [WIDTH-1:0]         f_probe_data_o   // formal only: its contents now
`endif
);
  initial begin
    if (WIDTH < 1) begin $error("rems_table: WIDTH must be >= 1"); $finish; end
    if (DEPTH < 2) begin $error("rems_table: DEPTH must be >= 2"); $finish; end
    if (OUTREG != 0 && OUTREG != 1) begin $error("rems_table: OUTREG must be 0 or 1"); $finish; end
  end

  // The DP16KD form exists only in ECP5 synthesis (REMS_ECP5_DP16KD) and only with the output register.
`ifdef REMS_ECP5_DP16KD
  localparam USE_DP16KD = OUTREG;
`else
  localparam USE_DP16KD = 0;
`endif

  generate
    if (USE_DP16KD != 0) begin : g_dp16kd
`ifdef FORMAL
      // the probe port exists in the behavioural form only: the DP16KD form is not a formal target
      initial begin $error("%m: the formal build needs the behavioural form (no REMS_ECP5_DP16KD)"); $finish; end
      assign f_probe_data_o = {WIDTH{1'b0}};
`endif
`ifdef REMS_ECP5_DP16KD
      rems_table_dp16kd #(.WIDTH(WIDTH), .DEPTH(DEPTH), .INIT_FILE(INIT_FILE)) ram (
        .clk_i(clk_i), .we_i(we_i), .waddr_i(waddr_i), .wdata_i(wdata_i), .raddr_i(raddr_i),
        .rdata_o(rdata_o));
`endif
    end else begin : g_infer
      (* no_rw_check *) reg [WIDTH-1:0] mem [0:DEPTH-1];
      reg [WIDTH-1:0] rdata_q;

      // Zeros (code 0 = "no pattern" at every level) unless an image is given, so that an unloaded matcher
      // raises no trigger in every simulator and on the FPGA (block RAM initial values are free).
      // Synthesis skips the zeroing loop: unwritten block RAM is zero in iCE40 and ECP5 bitstreams anyway,
      // and yosys would take minutes to unroll 64K assignments.
      integer init_index;
      initial begin
`ifndef SYNTHESIS
`ifndef FORMAL
        for (init_index = 0; init_index < DEPTH; init_index = init_index + 1) mem[init_index] = {WIDTH{1'b0}};
        rdata_q = {WIDTH{1'b0}};
`endif
`endif
        if (INIT_FILE != "") $readmemh(INIT_FILE, mem);
      end

      // Block RAM has no reset: the array and its read register are the RAM macro.
      always @(posedge clk_i) begin
        if (we_i) mem[waddr_i] <= wdata_i;
        rdata_q <= mem[raddr_i];
      end

      if (OUTREG != 0) begin : g_outreg
        // The block RAM's output register: no reset either (it only ever carries table contents).
        reg [WIDTH-1:0] out_q;
        reg [WIDTH-1:0] out_d;
`ifndef SYNTHESIS
`ifndef FORMAL
        initial out_q = {WIDTH{1'b0}};
`endif
`endif
        always @* begin
          out_d = out_q;
          out_d = rdata_q;
        end
        always @(posedge clk_i) out_q <= out_d;
        assign rdata_o = out_q;
      end else begin : g_noreg
        assign rdata_o = rdata_q;
      end
`ifdef FORMAL
      assign f_probe_data_o = mem[f_probe_addr_i];
`endif
    end
  endgenerate
endmodule
`default_nettype wire
