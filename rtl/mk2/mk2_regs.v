`default_nettype none
`include "mk2_regmap.vh"
// mk2_regs: the MultiKron II control registers: CSR (Table B1), Filter Register, the eight Source Address
// Registers, the High Order 32 Bit Register, and the Wait and Overrun Error Counters.
//
// Clock domain: clk_i. Register writes take effect at the action edge (write_act_i); read values are those
// before that edge. rdata_o is 0 for addresses this block does not own (rd_owner_o low), so the chip ORs
// the read data of all blocks in one AND-OR tree. The software reset (soft_reset_i) returns everything
// here to its reset value except the wait-state latch, which lives in the chip top.
// The eight Source Address Registers live in a small block RAM. Each interaction needs at most one of them
// (a sample write the one of its CPU ID, a read of 32-39 the one addressed), it is known at the start edge,
// and no register can change between the start edge and the action edge (the previous action edge is
// earlier, and nothing else writes them). So the RAM is read at the start edge and its output register
// holds the word until the next start: no 8-way multiplexers, no 256 flip-flops. A bit per register says
// it has been written since the last reset (a RAM cannot be cleared at one edge).
// Timing: every write and read select is decoded one edge ahead from the bus interface's next request
// (writes never wait) into flip-flops, so the error counters' adders and the read multiplexer start from
// flip-flops, not from the bus decision of the action clock.
// Parameters: TRIG_CPU, the Source Address Register of hybrid-triggered samples (docs/decisions.md D11),
// which may be needed at any edge and so is also kept in flip-flops (removed by synthesis when unused);
// HW_TRIGGER, whether lost hybrid triggers reach the Overrun Error Counter (the chip's HW_TRIGGER).
module mk2_regs #(
  parameter TRIG_CPU   = 0, // 0..7
  parameter HW_TRIGGER = 0  // 1: lost hybrid triggers (trig_overruns_i) count in the Overrun Error Counter
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        soft_reset_i,   // software reset at this edge
  input  wire        test_mode_i,
  // action from the processor interface
  input  wire        read_act_i,     // a read acts at this edge (it copies D63..D32 into High Order)
  input  wire        write_act_i,    // a write acts at this edge (formal only: the write selects are
                                     // decoded one edge ahead from ann_write_i)
  input  wire [`MK2_ADDR_COUNT-1:0] ann_write_i, // a write to address a is presented at the next edge (mk2_bus_if)
  input  wire        start_i,        // an interaction starts at this edge (its address: pin_addr_i)
  input  wire [6:0]  pin_addr_i,
  input  wire [6:0]  act_addr_i,
  input  wire [31:0] act_data_i,     // effective write data D31..D0 (every register here is <= 32 bits)
  input  wire [31:0] pin_data_low_i, // D31..D0 as driven (a write to address 7 loads these)
  input  wire [31:0] read_high_i,    // D63..D32 of the chip's final read value (for the High Order copy)
  output wire [63:0] rdata_o,
  output wire        rd_owner_o,     // the latched address is one of this block's registers
  input  wire        lookup_i,       // an interaction starts at this edge
  input  wire [2:0]  lookup_index_i, // the Source Address Register it may need
  // status shown in the CSR
  input  wire        fifo_full_i,
  input  wire        shadow_busy_i,
  input  wire        fifo_overrun_pending_i,
  input  wire        shadow_overrun_pending_i,
  input  wire        fifo_head_resource_i,
  input  wire        wait_state_i,
  // events
  input  wire        wait_event_i,     // the bus waited this clock (Table B3a/B3b CNT)
  input  wire        overrun_event_i,  // a processor sample was discarded at this edge (Table B3a Incr)
  input  wire [1:0]  trig_overruns_i,  // hybrid-trigger samples lost at this edge (docs/decisions.md D11)
  // configuration out
  output wire        sampling_enabled_o,
  output wire        wait_on_overrun_o,
  output wire        read_wait_o,
  output wire        mode32_o,
  output wire [15:0] filter_o,
  output wire [31:0] source_o,        // the register looked up at the last start edge
  output wire [31:0] trig_source_o,   // register TRIG_CPU
  output wire [31:0] high_order_o,
  output wire [31:0] wait_count_o,
  output wire [31:0] overrun_count_o  // the Overrun Error Counter with every event up to this edge (debug)
);
  initial begin
    if (TRIG_CPU < 0 || TRIG_CPU > 7) begin $error("mk2_regs: TRIG_CPU must be 0..7"); $finish; end
    if (HW_TRIGGER != 0 && HW_TRIGGER != 1) begin $error("%m: HW_TRIGGER must be 0 or 1"); $finish; end
  end
  // TRIG_CPU is 0..7 (checked above), so the slice loses nothing
  localparam [31:0] TRIG_CPU_32 = TRIG_CPU;
  localparam [6:0]  TRIG_INDEX  = TRIG_CPU_32[6:0];

  reg         sampling_q, sampling_d;
  reg         wait_ovr_q, wait_ovr_d;
  reg         read_wait_q, read_wait_d;
  reg         mode32_q, mode32_d;
  reg [15:0]  filter_q, filter_d;
  reg [7:0]   source_valid_q, source_valid_d; // register i written since the last reset
  reg         source_hit_q, source_hit_d;     // the register looked up had been written
  reg [31:0]  trig_source_q, trig_source_d;
  reg [31:0]  high_q, high_d;
  reg [31:0]  wait_cnt_q, wait_cnt_d;
  reg [31:0]  overrun_cnt_q, overrun_cnt_d;
  // The processor's wait and discard events reach their counters one edge late, through these registers,
  // so the long decision path (FIFO state, bus action, Table B3a) does not continue into a 32-bit carry.
  // Nothing can see the difference: an event happens at an edge at which an interaction is stalled or
  // acted; the next interaction's action edge, the only edge at which a read, write or test increment of
  // address 5, 6, 17 or 18 can happen, is at least two edges later (docs/decisions.md D2.3), and a
  // software or hardware reset never falls on an event edge. The debug output adds the pending event.
  reg         wait_pend_q, wait_pend_d;
  reg         overrun_pend_q, overrun_pend_d;

  // Write selects for the action edge, registered at the edge before (writes never wait, so the request
  // announced by the bus interface acts at the next edge); read selects, the decode of the latched address,
  // taken from the pins at the start edge.
  reg        wr_csr_q, wr_filter_q, wr_wait_q, wr_overrun_q, wr_high_q, inc_wait_q, inc_overrun_q, wr_trig_q;
  reg        wr_csr_d, wr_filter_d, wr_wait_d, wr_overrun_d, wr_high_d, inc_wait_d, inc_overrun_d, wr_trig_d;
  reg  [7:0] wr_source_q, wr_source_d;    // one-hot: Source Address Register i written
  reg        rd_csr_q, rd_filter_q, rd_wait_q, rd_overrun_q, rd_high_q, rd_source_q, rd_owner_q;
  reg        rd_csr_d, rd_filter_d, rd_wait_d, rd_overrun_d, rd_high_d, rd_source_d, rd_owner_d;
  integer n;
  always @* begin
    wr_csr_d      = ann_write_i[`MK2_ADDR_CSR];
    wr_filter_d   = ann_write_i[`MK2_ADDR_FILTER];
    wr_wait_d     = ann_write_i[`MK2_ADDR_WAIT_COUNT];
    wr_overrun_d  = ann_write_i[`MK2_ADDR_OVERRUN_COUNT];
    wr_high_d     = ann_write_i[`MK2_ADDR_HIGH_ORDER];
    inc_wait_d    = ann_write_i[`MK2_ADDR_INC_WAIT];
    inc_overrun_d = ann_write_i[`MK2_ADDR_INC_OVERRUN];
    wr_trig_d     = ann_write_i[`MK2_ADDR_SOURCE + TRIG_INDEX];
    for (n = 0; n < 8; n = n + 1) wr_source_d[n] = ann_write_i[`MK2_ADDR_SOURCE + n[6:0]];
    rd_csr_d = start_i ? pin_addr_i == `MK2_ADDR_CSR : rd_csr_q;
    rd_filter_d = start_i ? pin_addr_i == `MK2_ADDR_FILTER : rd_filter_q;
    rd_wait_d = start_i ? pin_addr_i == `MK2_ADDR_WAIT_COUNT : rd_wait_q;
    rd_overrun_d = start_i ? pin_addr_i == `MK2_ADDR_OVERRUN_COUNT : rd_overrun_q;
    rd_high_d = start_i ? pin_addr_i == `MK2_ADDR_HIGH_ORDER : rd_high_q;
    rd_source_d = start_i ? `MK2_IS_SOURCE(pin_addr_i) : rd_source_q;
    rd_owner_d = start_i ? pin_addr_i == `MK2_ADDR_CSR || pin_addr_i == `MK2_ADDR_FILTER
                           || pin_addr_i == `MK2_ADDR_WAIT_COUNT || pin_addr_i == `MK2_ADDR_OVERRUN_COUNT
                           || pin_addr_i == `MK2_ADDR_HIGH_ORDER || `MK2_IS_SOURCE(pin_addr_i)
                         : rd_owner_q;
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      {wr_csr_q, wr_filter_q, wr_wait_q, wr_overrun_q, wr_high_q, inc_wait_q, inc_overrun_q, wr_trig_q} <= 8'd0;
      wr_source_q <= 8'd0;
      {rd_csr_q, rd_filter_q, rd_wait_q, rd_overrun_q, rd_high_q, rd_source_q, rd_owner_q} <= 7'd0;
    end else begin
      {wr_csr_q, wr_filter_q, wr_wait_q, wr_overrun_q, wr_high_q, inc_wait_q, inc_overrun_q, wr_trig_q} <=
        {wr_csr_d, wr_filter_d, wr_wait_d, wr_overrun_d, wr_high_d, inc_wait_d, inc_overrun_d, wr_trig_d};
      wr_source_q <= wr_source_d;
      {rd_csr_q, rd_filter_q, rd_wait_q, rd_overrun_q, rd_high_q, rd_source_q, rd_owner_q} <=
        {rd_csr_d, rd_filter_d, rd_wait_d, rd_overrun_d, rd_high_d, rd_source_d, rd_owner_d};
    end
  end
  // After reset the latched address is 0, the CSR (the decode registers reset before it is ever read).
  wire read  = read_act_i;
  // Source ids, High Order and the two error counters are data: cleared synchronously by the internal
  // reset (asserted asynchronously by reset_sync, held two edges past RESETB) or a software reset, so
  // that FPGA flip-flops take the clear for free (docs/decisions.md D1.6).
  wire clear_data = !rst_ni || soft_reset_i;

  // The Wait and Overrun Error Counters. Hardware events are ignored in test mode (CLARIFICATIONS, test
  // mode); test-mode writes to 17 and 18 add one; a write to 5 or 6 wins over both, loading D31..D0 in
  // test mode and clearing the counter outside it (D7.2). A pending event and a test-mode increment never
  // act at the same edge (the event's action was at the last edge, and no action follows another at the
  // next edge: D2.3; the formal properties below check it), so each counter adds one through a constant
  // adder, with the decision in its clock enable and the clear in its synchronous reset: TESTB does not
  // reach a carry chain. The adder's operand is the write select (as in mk2_resource_counters), so the
  // sum, the carry and the load of D31..D0 fit one iCE40 logic cell a bit. Lost hybrid triggers
  // (HW_TRIGGER only) add their own count.
  wire        wait_one     = wait_pend_q || (inc_wait_q && test_mode_i);
  wire        overrun_one  = overrun_pend_q || (inc_overrun_q && test_mode_i);
  wire [1:0]  overrun_trig = test_mode_i ? 2'd0 : trig_overruns_i;
  // q plus one, with the write select as the adder's operand (with a write the sum is q and is not used:
  // the write data wins), as one carry chain that nextpnr-ice40 does not cut (chain_increment)
  wire [31:0] wait_plus_one, overrun_plus_one;
  chain_increment #(.WIDTH(32)) wait_increment (
    .q_i(wait_cnt_q), .hold_i(wr_wait_q), .sum_o(wait_plus_one));
  chain_increment #(.WIDTH(32)) overrun_increment (
    .q_i(overrun_cnt_q), .hold_i(wr_overrun_q), .sum_o(overrun_plus_one));
  wire [31:0] overrun_sum  = (HW_TRIGGER == 0) ? overrun_plus_one
                           : overrun_cnt_q + {31'd0, overrun_one} + {30'd0, overrun_trig};
  wire        overrun_step = (HW_TRIGGER == 0) ? overrun_one : overrun_one || overrun_trig != 2'd0;
  always @* begin
    wait_cnt_d    = wait_cnt_q;
    overrun_cnt_d = overrun_cnt_q;
    if (clear_data || (wr_wait_q && !test_mode_i)) wait_cnt_d = 32'd0;
    else if (wr_wait_q)                             wait_cnt_d = act_data_i[31:0];
    else if (wait_one)                              wait_cnt_d = wait_plus_one;
    if (clear_data || (wr_overrun_q && !test_mode_i)) overrun_cnt_d = 32'd0;
    else if (wr_overrun_q)                             overrun_cnt_d = act_data_i[31:0];
    else if (overrun_step)                             overrun_cnt_d = overrun_sum;
  end

  integer i;
  always @* begin
    sampling_d    = sampling_q;
    wait_ovr_d    = wait_ovr_q;
    read_wait_d   = read_wait_q;
    mode32_d      = mode32_q;
    filter_d      = filter_q;
    source_valid_d = source_valid_q;
    source_hit_d   = source_hit_q;
    trig_source_d  = trig_source_q;
    high_d        = high_q;

    // A hardware event (not in test mode) counts at the next edge, from the pending flag (the error
    // counters above).
    wait_pend_d    = wait_event_i && !test_mode_i;
    overrun_pend_d = overrun_event_i && !test_mode_i;

    begin
      if (wr_csr_q) begin
          // Writing 1 commands the action; where both bits of a pair are set the default wins (D2.8).
          if (act_data_i[`MK2_CSR_SAMPLING_ON_BIT])  sampling_d  = 1'b1;
          if (act_data_i[`MK2_CSR_SAMPLING_OFF_BIT]) sampling_d  = 1'b0;
          if (act_data_i[`MK2_CSR_WAIT_ON_BIT])      wait_ovr_d  = 1'b1;
          if (act_data_i[`MK2_CSR_WAIT_OFF_BIT])     wait_ovr_d  = 1'b0;
          if (act_data_i[`MK2_CSR_RDWAIT_ON_BIT])    read_wait_d = 1'b1;
          if (act_data_i[`MK2_CSR_RDWAIT_OFF_BIT])   read_wait_d = 1'b0;
          if (act_data_i[`MK2_CSR_MODE32_BIT])       mode32_d    = 1'b1;
          if (act_data_i[`MK2_CSR_MODE64_BIT])       mode32_d    = 1'b0;
      end
      if (wr_filter_q)  filter_d      = act_data_i[15:0];
      if (wr_high_q)    high_d        = pin_data_low_i;
      for (i = 0; i < 8; i = i + 1)
        if (wr_source_q[i]) source_valid_d[i] = 1'b1;
      if (wr_trig_q) trig_source_d = act_data_i[31:0];
    end
    if (lookup_i) source_hit_d = source_valid_q[lookup_index_i];

    // Every read but one of address 7 copies D63..D32 of the value read into the High Order register.
    if (read && !rd_high_q) high_d = read_high_i;

    if (soft_reset_i) begin
      sampling_d    = 1'b0;
      wait_ovr_d    = 1'b0;
      read_wait_d   = 1'b0;
      mode32_d      = 1'b0;
      filter_d      = 16'hFFFF;
    end
    if (clear_data) begin
      source_valid_d = 8'd0;
      source_hit_d   = 1'b0;
      trig_source_d  = 32'd0;
      high_d        = 32'd0;
      wait_pend_d    = 1'b0;
      overrun_pend_d = 1'b0;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sampling_q    <= 1'b0;
      wait_ovr_q    <= 1'b0;
      read_wait_q   <= 1'b0;
      mode32_q      <= 1'b0;
      filter_q      <= 16'hFFFF;
    end else begin
      sampling_q    <= sampling_d;
      wait_ovr_q    <= wait_ovr_d;
      read_wait_q   <= read_wait_d;
      mode32_q      <= mode32_d;
      filter_q      <= filter_d;
    end
  end

  always @(posedge clk_i) begin
    source_valid_q <= source_valid_d;
    source_hit_q   <= source_hit_d;
    trig_source_q  <= trig_source_d;
    high_q        <= high_d;
    wait_cnt_q    <= wait_cnt_d;
    overrun_cnt_q <= overrun_cnt_d;
    wait_pend_q    <= wait_pend_d;
    overrun_pend_q <= overrun_pend_d;
  end

  // Bits with no read function (the "off" command bits, 11, 13) read 0 (Table B1).
  reg [15:0] csr;
  always @* begin
    csr = 16'd0;
    csr[`MK2_CSR_SAMPLING_ON_BIT]    = sampling_q;
    csr[`MK2_CSR_WAIT_ON_BIT]        = wait_ovr_q;
    csr[`MK2_CSR_RDWAIT_ON_BIT]      = read_wait_q;
    csr[`MK2_CSR_FIFO_FULL_BIT]      = fifo_full_i;
    csr[`MK2_CSR_SHADOW_BUSY_BIT]    = shadow_busy_i;
    csr[`MK2_CSR_FIFO_OVERRUN_BIT]   = fifo_overrun_pending_i;
    csr[`MK2_CSR_SHADOW_OVERRUN_BIT] = shadow_overrun_pending_i;
    csr[`MK2_CSR_HEAD_RESOURCE_BIT]  = fifo_head_resource_i;  // 161st FIFO output bit (D2.10)
    csr[`MK2_CSR_WAITSTATES_BIT]     = wait_state_i;
    csr[`MK2_CSR_MODE32_BIT]         = mode32_q;
    csr[`MK2_CSR_MODE64_BIT]         = !mode32_q;             // Table B1 status column
  end

  // Source Address RAM: written at the action edge of a write to 32-39, read at a start edge, which is
  // never the same edge, so its read-during-write behaviour does not matter (no_rw_check). Contents are
  // zeroed at configuration only so that simulators show no X; source_valid_q decides what reads see. The
  // read register has no initial value (a block RAM output register has none; yosys would emulate it).
  (* no_rw_check *) reg [31:0] source_mem [0:7];
  reg [31:0] source_rd_q;
  integer init_index;
  initial begin
    for (init_index = 0; init_index < 8; init_index = init_index + 1) source_mem[init_index] = 32'd0;
  end
  always @(posedge clk_i) begin
    if (|wr_source_q) source_mem[act_addr_i[2:0]] <= act_data_i[31:0];
    if (lookup_i) source_rd_q <= source_mem[lookup_index_i];
  end
  wire [31:0] source = source_hit_q ? source_rd_q : 32'd0;

  // An AND-OR over one-hot selects that are flip-flops (the decode of the latched address); every register
  // here is 32 bits or narrower, so D63..D32 read all ones whenever this block owns the address.
  reg [63:0] rdata;
  always @* begin
    rdata = {{32{rd_owner_q}}, ({16'hFFFF, csr} & {32{rd_csr_q}}) | ({16'hFFFF, filter_q} & {32{rd_filter_q}})
                               | (wait_cnt_q & {32{rd_wait_q}}) | (overrun_cnt_q & {32{rd_overrun_q}})
                               | (high_q & {32{rd_high_q}}) | (source & {32{rd_source_q}})};
  end

  assign rdata_o            = rdata;
  assign rd_owner_o         = rd_owner_q;
  assign sampling_enabled_o = sampling_q;
  assign wait_on_overrun_o  = wait_ovr_q;
  assign read_wait_o        = read_wait_q;
  assign mode32_o           = mode32_q;
  assign filter_o           = filter_q;
  assign source_o           = source;
  assign trig_source_o      = trig_source_q;
  assign high_order_o       = high_q;
  assign wait_count_o       = wait_cnt_q;
  assign overrun_count_o    = overrun_cnt_q + {31'd0, overrun_pend_q};
  // The request as it acts: the write selects come decoded one edge ahead (ann_write_i), and only the
  // Source Address Register's index is read here; the formal properties below check the decode against it.
  wire unused_act_ok = &{1'b0, act_addr_i[6:3], write_act_i};
`ifdef FORMAL
  // The selects decoded one edge ahead are the decode of the request presented now (mk2_bus_if presents
  // what it announces). Asserted by the chip-level sets (MK2_FORMAL_CHIP).
`ifdef MK2_FORMAL_CHIP
`include "mk2_formal_env.vh"
  wire f_write = write_act_i;
  integer f_n;
  always @* if (past_valid_q && rst_ni) begin
    assert(wr_csr_q == (f_write && act_addr_i == `MK2_ADDR_CSR));
    assert(wr_filter_q == (f_write && act_addr_i == `MK2_ADDR_FILTER));
    assert(wr_wait_q == (f_write && act_addr_i == `MK2_ADDR_WAIT_COUNT));
    assert(wr_overrun_q == (f_write && act_addr_i == `MK2_ADDR_OVERRUN_COUNT));
    assert(wr_high_q == (f_write && act_addr_i == `MK2_ADDR_HIGH_ORDER));
    assert(inc_wait_q == (f_write && act_addr_i == `MK2_ADDR_INC_WAIT));
    assert(inc_overrun_q == (f_write && act_addr_i == `MK2_ADDR_INC_OVERRUN));
    assert(wr_trig_q == (f_write && act_addr_i == `MK2_ADDR_SOURCE + TRIG_INDEX));
    for (f_n = 0; f_n < 8; f_n = f_n + 1) assert(wr_source_q[f_n] == (f_write && act_addr_i == `MK2_ADDR_SOURCE + f_n[6:0]));
    assert(rd_csr_q == (act_addr_i == `MK2_ADDR_CSR) && rd_filter_q == (act_addr_i == `MK2_ADDR_FILTER));
    assert(rd_wait_q == (act_addr_i == `MK2_ADDR_WAIT_COUNT) && rd_overrun_q == (act_addr_i == `MK2_ADDR_OVERRUN_COUNT));
    assert(rd_high_q == (act_addr_i == `MK2_ADDR_HIGH_ORDER) && rd_source_q == `MK2_IS_SOURCE(act_addr_i));
    assert(rd_owner_q == (rd_csr_q || rd_filter_q || rd_wait_q || rd_overrun_q || rd_high_q || rd_source_q));
    // a pending event and a test-mode increment never act at the same edge, so each error counter adds
    // at most one (plus lost hybrid triggers)
    assert(!(wait_pend_q && inc_wait_q));
    assert(!(overrun_pend_q && inc_overrun_q));
  end
`endif
`endif
endmodule
`default_nettype wire
