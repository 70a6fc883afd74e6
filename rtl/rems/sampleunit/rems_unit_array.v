`default_nettype none
// rems_unit_array: UNITS REMS Sample Units (NBSIR 87-3663 section 3.1, Figure 2), one per processor under
// test: each has its own pattern matcher (rtl/rems/matcher/rems_matcher.v) on its own probe word stream and its own
// sample unit (rtl/rems/sampleunit/rems_sample_unit.v). The global triggers of all matchers are ORed: a match in any
// unit makes every unit take a sample; the selective triggers S1..S6 are ORed the same way and reach every
// unit's switches.
//
// Timing (clock k = the clock in which a word is presented on word_i/valid_i): the matcher gives its
// triggers LATENCY clocks later (rems_matcher: 5, or 8 with OUTREG = 1), the OR is registered, and every
// unit takes its sample in clock k+LATENCY+2 (after its own input register).
// The sample's trigger word is each unit's latest valid probe word up to clock k (the triggering unit:
// the word that matched; 0 before any word). The preprocessor events and ticks ride through the matcher
// on its tag port, so they are delayed by exactly its LATENCY whatever its parameters: a sample holds the
// events of clocks up to and including k, and a selective trigger in the word of clock k starts the new
// period with the events of clock k+1. A switch register write in clock c applies to triggers of words
// presented from clock c-LATENCY on (the switches are read where the broadcast triggers enter the unit).
//
// Analysis side (host_*): host_rdata_o shows, two clocks after host_unit_i/host_reg_i/host_addr_i
// (OUTREG = 0: from a register; OUTREG = 1: from a multiplexer after the sample memories' output registers
// and a register of the register read, so register it where it is used),
//   host_reg_i = 0: sample memory word host_addr_i of unit host_unit_i (sample k at words 2k, 2k+1)
//   host_reg_i = 1: register host_addr_i[2:0]: 0 sample count, 1 FIFO overflows, 2 memory overflows,
//                   3 {30'b0, memory overflowed, FIFO overflowed}, 4 switch register, 5 KIND, 6 FIFO level
// Configuration: cfg_we_i writes cfg_data_i into the switch register of unit cfg_unit_i. Download: dl_*
// as rems_matcher's port, to every unit whose bit is set in dl_units_i.
//
// Clock domain: clk_i, rst_ni synchronous active low (pass an asynchronous reset through
// rtl/common/reset_sync.v). Inputs ev_i/tick_i are clock enables in clk_i's domain.
// Parameters: UNITS (1..8), KINDS (2 bits per unit, unit u in bits 2u+1:2u: 0 two 6-bit ratio pairs,
// 1 timestamp, 2 one 14-bit pair), FIFO_DEPTH, MEM_SAMPLES (per unit), L3_SPRAM and OUTREG (passed to
// every matcher; OUTREG also to every Sample Unit, whose memory then reads through its output register:
// the host read latency stays two clocks).
module rems_unit_array #(
  parameter UNITS       = 2,      // Sample Units (processors under test)
  parameter [15:0] KINDS = 16'h0, // preprocessor kind of each unit, 2 bits each
  parameter FIFO_DEPTH  = 8,      // samples per unit FIFO
  parameter MEM_SAMPLES = 256,    // samples per unit memory
  parameter L3_SPRAM    = 0,      // passed to every rems_matcher
  parameter OUTREG      = 0       // passed to every rems_matcher (1: ECP5 DP16KD output registers)
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  // probes: one word stream per unit
  input  wire [32*UNITS-1:0]   word_i,
  input  wire [UNITS-1:0]      valid_i,
  input  wire [4*UNITS-1:0]    ev_i,      // unit u: bits 4u+3..4u = {n1, d1, n0, d0}
  input  wire                  tick_i,    // timestamp clock enable, shared
  // pattern download (broadcast to the units selected)
  input  wire [UNITS-1:0]      dl_units_i,
  input  wire                  dl_we_i,
  input  wire [15:0]           dl_addr_i,
  input  wire [31:0]           dl_data_i,
  // configuration and control
  input  wire                  cfg_we_i,
  input  wire [2:0]            cfg_unit_i,
  input  wire [11:0]           cfg_data_i,
  input  wire                  restart_i,
  // analysis side
  input  wire [2:0]            host_unit_i,
  input  wire                  host_reg_i,
  input  wire [$clog2(2*MEM_SAMPLES)-1:0] host_addr_i,
  output wire [31:0]           host_rdata_o,
  // the broadcast triggers (bit 0 global, bits 1..6 S1..S6) and, with a global trigger, the word that
  // raised it (the lowest-numbered unit's when several match in one clock): registered, every clock. For
  // the hybrid link of the MultiKron II (docs/decisions.md D11) connect hw_trigger_i = trig_o[0] and
  // hw_trigger_word_i = gword_o.
  output wire [6:0]            trig_o,
  output wire [31:0]           gword_o
);
  localparam MAW = $clog2(2 * MEM_SAMPLES);
  localparam CW  = $clog2(MEM_SAMPLES) + 1;
  localparam FW  = $clog2(FIFO_DEPTH) + 1;
  initial begin
    if (UNITS < 1 || UNITS > 8) begin $error("rems_unit_array: UNITS must be 1..8"); $finish; end
  end

  wire [32*UNITS-1:0] m_word;
  wire [7*UNITS-1:0]  m_trig;
  wire [UNITS-1:0]    m_valid;

  // ---- the OR of every unit's triggers, registered once ----
  reg [6:0]  trig_any;
  reg [31:0] gword_any;
  integer u_or;
  always @* begin
    trig_any = 7'd0;
    gword_any = 32'd0;
    for (u_or = UNITS - 1; u_or >= 0; u_or = u_or - 1) begin
      trig_any = trig_any | m_trig[7*u_or +: 7];
      if (m_trig[7*u_or]) gword_any = m_word[32*u_or +: 32];   // lowest unit wins: it is assigned last
    end
  end
  reg [6:0]  trig_q;
  reg [31:0] gword_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      trig_q  <= 7'd0;
      gword_q <= 32'd0;
    end else begin
      trig_q  <= trig_any;
      gword_q <= gword_any;
    end
  end
  assign trig_o  = trig_q;
  assign gword_o = gword_q;

  // ---- host read mux. OUTREG = 0: registered after the memories' own read register. OUTREG = 1: the
  // memories have their output register (a DP16KD's NOREG clock-to-output alone is 5.6 ns of the 6.67 ns at
  // 150 MHz), so the register read is registered in the same clock and the last multiplexer follows ----
  reg [31:0] host_rdata_q, host_rdata_d;
  reg        host_reg_q, host_reg_d;
  reg [2:0]  host_unit_q, host_unit_d, host_regaddr_q, host_regaddr_d;
  reg        host_reg2_q, host_reg2_d;     // OUTREG = 1: host_reg_q one clock later
  reg [2:0]  host_unit2_q, host_unit2_d;   // OUTREG = 1: host_unit_q one clock later
  wire [32*UNITS-1:0] unit_mem_rdata;
  wire [32*UNITS-1:0] unit_reg_rdata;
  reg  [31:0] host_rdata_out;
  always @* begin
    host_rdata_d = host_rdata_q;
    host_reg_d = host_reg_q; host_unit_d = host_unit_q; host_regaddr_d = host_regaddr_q;
    host_reg2_d = host_reg2_q; host_unit2_d = host_unit2_q;
    host_reg_d = host_reg_i;
    host_unit_d = host_unit_i;
    host_regaddr_d = host_addr_i[2:0];
    host_reg2_d = host_reg_q;
    host_unit2_d = host_unit_q;
    host_rdata_d = 32'd0;
    if ({29'd0, host_unit_q} < UNITS) begin
      if (OUTREG != 0) host_rdata_d = unit_reg_rdata[32*host_unit_q +: 32];
      else host_rdata_d = host_reg_q ? unit_reg_rdata[32*host_unit_q +: 32] : unit_mem_rdata[32*host_unit_q +: 32];
    end
    host_rdata_out = host_rdata_q;
    if (OUTREG != 0) begin
      host_rdata_out = 32'd0;
      if ({29'd0, host_unit2_q} < UNITS)
        host_rdata_out = host_reg2_q ? host_rdata_q : unit_mem_rdata[32*host_unit2_q +: 32];
    end
  end
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      host_reg_q     <= 1'b0;
      host_unit_q    <= 3'd0;
      host_regaddr_q <= 3'd0;
      host_reg2_q    <= 1'b0;
      host_unit2_q   <= 3'd0;
      host_rdata_q   <= 32'd0;
    end else begin
      host_reg_q     <= host_reg_d;
      host_unit_q    <= host_unit_d;
      host_regaddr_q <= host_regaddr_d;
      host_reg2_q    <= host_reg2_d;
      host_unit2_q   <= host_unit2_d;
      host_rdata_q   <= host_rdata_d;
    end
  end
  assign host_rdata_o = host_rdata_out;

  genvar u;
  generate
    for (u = 0; u < UNITS; u = u + 1) begin : g_unit
      /* verilator lint_off UNUSEDSIGNAL */
      wire dl_masked, dl_loading;   // the matcher zeroes masked triggers itself; nothing else needs these
      /* verilator lint_on UNUSEDSIGNAL */
      // the unit's events and ticks ride through the matcher, so they come out in step with its triggers
      wire [4:0] ev_late;
      rems_matcher #(.L3_SPRAM(L3_SPRAM), .OUTREG(OUTREG), .TAG_W(5)) u_match (
        .clk_i(clk_i), .rst_ni(rst_ni), .word_i(word_i[32*u +: 32]), .valid_i(valid_i[u]),
        .word_o(m_word[32*u +: 32]), .trig_o(m_trig[7*u +: 7]), .valid_o(m_valid[u]),
        .tag_i({tick_i, ev_i[4*u +: 4]}), .tag_o(ev_late),
        .dl_we_i(dl_we_i && dl_units_i[u]), .dl_addr_i(dl_addr_i), .dl_data_i(dl_data_i),
        .dl_masked_o(dl_masked), .dl_loading_o(dl_loading));

      // the paper's second trigger-data latch: the unit's latest matcher word
      reg [31:0] word_q, word_d;
      always @* begin
        word_d = word_q;
        if (m_valid[u]) word_d = m_word[32*u +: 32];
      end
      always @(posedge clk_i) begin
        if (!rst_ni) word_q <= 32'd0;
        else         word_q <= word_d;
      end

      wire [CW-1:0]  count;
      wire [31:0]    fifo_ovf, mem_ovf;
      wire [1:0]     flags;
      wire [11:0]    cfg;
      wire [FW-1:0]  fifo_level;
      rems_sample_unit #(.KIND(KINDS[2*u +: 2]), .FIFO_DEPTH(FIFO_DEPTH), .MEM_SAMPLES(MEM_SAMPLES),
                         .OUTREG(OUTREG)) u_su (
        .clk_i(clk_i), .rst_ni(rst_ni), .sample_i(trig_q[0]), .sel_i(trig_q[6:1]), .word_i(word_q),
        .ev_i(ev_late[3:0]), .tick_i(ev_late[4]), .cfg_we_i(cfg_we_i && {29'd0, cfg_unit_i} == u), .cfg_i(cfg_data_i),
        .restart_i(restart_i), .mem_raddr_i(host_addr_i[MAW-1:0]), .mem_rdata_o(unit_mem_rdata[32*u +: 32]),
        .count_o(count), .fifo_ovf_o(fifo_ovf), .mem_ovf_o(mem_ovf), .flags_o(flags), .cfg_o(cfg),
        .fifo_level_o(fifo_level));

      reg [31:0] reg_rdata;
      always @* begin
        case (host_regaddr_q)
          3'd0:    reg_rdata = {{(32-CW){1'b0}}, count};
          3'd1:    reg_rdata = fifo_ovf;
          3'd2:    reg_rdata = mem_ovf;
          3'd3:    reg_rdata = {30'd0, flags};
          3'd4:    reg_rdata = {20'd0, cfg};
          3'd5:    reg_rdata = {30'd0, KINDS[2*u +: 2]};
          3'd6:    reg_rdata = {{(32-FW){1'b0}}, fifo_level};
          default: reg_rdata = 32'd0;
        endcase
      end
      assign unit_reg_rdata[32*u +: 32] = reg_rdata;
    end
  endgenerate
endmodule
`default_nettype wire
