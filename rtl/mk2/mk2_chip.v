`default_nettype none
`include "mk2_regmap.vh"
// mk2_chip: the MultiKron II performance instrumentation chip (NISTIR 5571), one port per pin.
//
// Clock domain: clk_i (Node clock). Asynchronous inputs enter through named synchronizers only: RESETB
// release (reset_sync), the Timestamp clock and X15..X0 (sync_edge). The bus, NETRDY, TESTB, OUTDISB and
// the CPU ID lines are synchronous to the Node clock, as the spec's setup/hold times require.
// Blocks: processor interface (mk2_bus_if), registers (mk2_regs), Timestamp (mk2_timestamp), Resource
// Counters with shadows (mk2_resource_counters), sampler (mk2_sampler), FIFO (mk2_fifo), network output
// (mk2_network). Every processor action is performed at one edge ("action edge"); each block decodes the
// address it owns and returns all ones for the others, so the read value is the AND of the blocks' values.
// Latencies and every choice the spec leaves open: docs/decisions.md. Ports: docs/mk2-interface.md.
// Parameters: FIFO_DEPTH, trace FIFO entries (2..255, default 8).
module mk2_chip #(
  parameter FIFO_DEPTH       = 8,  // trace FIFO entries
  parameter HW_TRIGGER       = 0,  // 1: hybrid link on (our extension, docs/decisions.md D11); 0: as NISTIR 5571
  parameter HW_TRIGGER_LEVEL = 0,  // filter level of hardware-triggered Trace samples (0..15)
  parameter HW_TRIGGER_CPU   = 0,  // their CPU ID and Source Address Register (0..7)
  parameter COUNT_AHEAD      = 1   // 1: count decision three LUT levels deep; 0: ~170 iCE40 LCs fewer (mk2_resource_counters)
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  input  wire        tsclk_i,
  // processor interface
  input  wire        readb_i,
  input  wire        writeb_i,
  input  wire        startb_i,
  input  wire        holdb_i,
  output wire        ackb_o,
  input  wire [6:0]  addr_i,
  input  wire [63:0] data_i,
  output wire [63:0] data_o,
  output wire        data_oe_o,
  input  wire [7:0]  cpu_id_i,
  input  wire        waitstate_i,
  // resource counter inputs
  input  wire [15:0] ext_i,
  // modes
  input  wire        testb_i,
  input  wire        outdisb_i,
  // network output
  input  wire        netrdy_i,
  output wire        fifodab_o,
  output wire        netclk_o,
  output wire [7:0]  net_data_o,
  output wire        net_parity_o,
  output wire        net_eom_o,
  output wire [7:0]  test_o,
  output wire        out_en_o,
  // hybrid link: a pulse makes a Trace sample carrying the word (ignored unless HW_TRIGGER = 1)
  input  wire        hw_trigger_i,
  input  wire [31:0] hw_trigger_word_i,
  // status for integrators and testbenches
  output wire [7:0]  dbg_fifo_count_o,
  output wire        dbg_counter_phase_o,
  output wire        dbg_shadow_busy_o,
  output wire        dbg_net_busy_o,
  output wire        dbg_discard_o,
  output wire [31:0] dbg_overrun_count_o,
  output wire        dbg_tsclk_overspeed_o  // sticky until RESETB: the Timestamp clock exceeded node/3
);
  initial begin
    if (FIFO_DEPTH < 2 || FIFO_DEPTH > 255) begin
      $error("mk2_chip: FIFO_DEPTH must be 2..255");
      $finish;
    end
  end

  // ---------------------------------------------------------------- reset, straps, synchronizers
  wire rst_n;
  reset_sync reset_synchronizer (.clk_i(clk_i), .rst_ni(rst_ni), .rst_no(rst_n));

  // The WAITSTATE strap is sampled on every edge while the chip is held in reset, then frozen. It has no
  // reset of its own on purpose: reset is exactly when it loads.
  reg wait_state_q, wait_state_d;
  always @* begin
    wait_state_d = wait_state_q;
    if (!rst_n) wait_state_d = waitstate_i;
  end
  always @(posedge clk_i) wait_state_q <= wait_state_d;

  // The counters take each synchronizer's level and previous level, not its edge, so that every pair's
  // count decision folds the edge into its own first LUTs (mk2_count_enable).
  wire        ts_level, ts_prev, ts_tick;
  sync_edge #(.WIDTH(1)) timestamp_clock_sync (
    .clk_i(clk_i), .rst_ni(rst_n), .async_i(tsclk_i), .level_o(ts_level), .rise_o(ts_tick), .prev_o(ts_prev));

  wire [15:0] ext_level, ext_rise, ext_prev;
  sync_edge #(.WIDTH(16)) external_input_sync (
    .clk_i(clk_i), .rst_ni(rst_n), .async_i(ext_i), .level_o(ext_level), .rise_o(ext_rise), .prev_o(ext_prev));

  wire test_mode = !testb_i;

  // ---------------------------------------------------------------- processor interface
  wire        req, req_write, stall, counters_stall, sampler_stall;
  wire        attempt_read, attempt_write, attempt_sample, attempt_copy;  // req by kind (mk2_bus_if)
  wire [6:0]  req_addr;
  wire [63:0] req_data, read_value, bus_rdata, pin_write_data;
  wire        req_ones32, req_ones28;
  wire [2:0]  req_cpu;
  wire [`MK2_CLASS_COUNT-1:0] req_class;
  wire        sampling_enabled;
  wire [15:0] filter;
  wire        rd_ack, bus_busy;
  wire        ann_start, ann_wait, pin_write;
  wire [`MK2_CLASS_COUNT-1:0] pin_class;
  wire [6:0]  pin_addr;
  wire [`MK2_ADDR_COUNT-1:0] ann_write;   // a write to address a is presented at the next edge
  wire [`MK2_ADDR_COUNT-1:0] start_write; // ... from the pins (mk2_bus_if)

  mk2_bus_if bus (
    .clk_i(clk_i), .rst_ni(rst_n),
    .readb_i(readb_i), .writeb_i(writeb_i), .startb_i(startb_i), .holdb_i(holdb_i),
    .addr_i(addr_i), .data_i(data_i), .cpu_id_i(cpu_id_i),
    .ackb_o(ackb_o), .rdata_o(bus_rdata), .rd_ack_o(rd_ack),
    .wait_state_i(wait_state_q), .sample_levels_i(sampling_enabled ? filter : 16'h0000),
    .mode32_i(mode32), .high_order_i(high_order),
    .req_o(req), .req_write_o(req_write), .req_addr_o(req_addr), .req_data_o(req_data), .req_ones32_o(req_ones32), .req_ones28_o(req_ones28),
    .req_cpu_o(req_cpu), .req_class_o(req_class),
    .attempt_read_o(attempt_read), .attempt_write_o(attempt_write), .attempt_sample_o(attempt_sample),
    .attempt_copy_o(attempt_copy), .stall_write_i(sampler_stall), .stall_read_i(counters_stall),
    .rdata_i(read_value),
    .counter_word_i(counter_word), .fifo_word_i(fifo_rdata[31:0]),
    .ann_start_o(ann_start), .ann_wait_o(ann_wait), .pin_write_o(pin_write), .pin_addr_o(pin_addr),
    .pin_data_o(pin_write_data), .pin_class_o(pin_class), .ann_write_o(ann_write), .start_write_o(start_write),
    .start_o(bus_start), .start_index_o(bus_start_index), .busy_o(bus_busy));

  // Only sample writes and reads-with-copy can stall, so every other class acts whenever it is requested.
  // What registers, Timestamp and counters see: they decode no sample address, and of the reads only a
  // read-with-copy can wait, so their action edge never depends on the sampler's Table B3a decision.
  wire read_act     = attempt_read && !counters_stall;  // a read acts (copies into High Order)
  // The software reset clears almost every flip-flop of the chip; so it is a flip-flop itself, decoded
  // from the request the bus interface announces for the next edge (a write never waits, so it acts at
  // the edge it is presented): the same edge as req && SOFT_RESET, one LUT level less in every block.
  reg  soft_reset_q, soft_reset_d;
  always @* soft_reset_d = ann_write[`MK2_ADDR_SOFT_RESET];
  always @(posedge clk_i or negedge rst_n) begin
    if (!rst_n) soft_reset_q <= 1'b0;
    else        soft_reset_q <= soft_reset_d;
  end
  wire soft_reset   = soft_reset_q;  // the software reset acts at this edge
  // The test-mode pop truncates the FIFO and the network's message, whose next-state logic feeds the
  // FIFO RAM's read address; so it is decoded one edge ahead from the announced request, as the software
  // reset is (a write acts at the edge it is presented), and only TESTB is left for the action edge.
  reg  pop_presented_q, pop_presented_d;  // a write to the FIFO pop address is presented at this edge
  always @* pop_presented_d = ann_write[`MK2_ADDR_FIFO_POP];
  always @(posedge clk_i or negedge rst_n) begin
    if (!rst_n) pop_presented_q <= 1'b0;
    else        pop_presented_q <= pop_presented_d;
  end
  wire test_pop     = pop_presented_q && test_mode;
  wire test_push    = attempt_write && test_mode && req_class[`MK2_CLASS_TEST_PUSH];
  wire net_disable  = attempt_write && test_mode && req_class[`MK2_CLASS_NET_DISABLE];
  wire net_enable   = attempt_write && test_mode && req_class[`MK2_CLASS_NET_ENABLE];

  // ---------------------------------------------------------------- registers
  wire         mode32, wait_on_overrun, read_wait;
  wire [31:0]  source, trig_source;
  wire         bus_start;
  wire [2:0]   bus_start_index;
  wire [31:0]  high_order, wait_count, overrun_count;
  wire [63:0]  regs_rdata;
  wire         regs_rd_owner, ts_rd_owner, counters_rd_owner, fifo_rd_owner;
  wire         fifo_full, shadow_busy, fifo_pending, shadow_pending, discard;
  wire         bus_overrun;
  wire [1:0]   trig_overruns;
  wire [`MK2_ENTRY_WIDTH-1:0] fifo_head;
  wire [7:0]   fifo_count;
  wire         fifo_nonempty;

  // In 32-bit mode D63..D32 of every write come from the High Order register. The bus interface makes
  // the substitution when it latches the data, so the write data are flip-flops (the multiplexer was a
  // LUT level in front of the counters' configuration and count kinds). pin_write_data is the data of a
  // request announced from the pins (ann_start): the 32-bit mode and the High Order register cannot change
  // at an announcement edge (no action is performed at it), so it is what write_data is at the next edge.
  wire [63:0] write_data = req_data;

  mk2_regs #(.TRIG_CPU(HW_TRIGGER_CPU), .HW_TRIGGER(HW_TRIGGER)) registers (
    .clk_i(clk_i), .rst_ni(rst_n), .soft_reset_i(soft_reset), .test_mode_i(test_mode),
    .read_act_i(read_act), .write_act_i(attempt_write), .ann_write_i(ann_write), .start_i(bus_start),
    .pin_addr_i(pin_addr),
    .act_addr_i(req_addr), .act_data_i(write_data[31:0]),
    .pin_data_low_i(req_data[31:0]), .read_high_i(read_value[63:32]), .rdata_o(regs_rdata),
    .rd_owner_o(regs_rd_owner),
    .lookup_i(bus_start), .lookup_index_i(bus_start_index),
    .fifo_full_i(fifo_full), .shadow_busy_i(shadow_busy),
    .fifo_overrun_pending_i(fifo_pending), .shadow_overrun_pending_i(shadow_pending),
    .fifo_head_resource_i(fifo_nonempty && fifo_head[`MK2_ENTRY_RESOURCE_BIT]), .wait_state_i(wait_state_q),
    .wait_event_i(stall), .overrun_event_i(bus_overrun), .trig_overruns_i(trig_overruns),
    .sampling_enabled_o(sampling_enabled), .wait_on_overrun_o(wait_on_overrun),
    .read_wait_o(read_wait), .mode32_o(mode32), .filter_o(filter), .source_o(source), .trig_source_o(trig_source),
    .high_order_o(high_order), .wait_count_o(wait_count), .overrun_count_o(overrun_count));

  // ---------------------------------------------------------------- timestamp
  wire [55:0] ts;
  wire [63:0] ts_rdata;
  mk2_timestamp timestamp (
    .clk_i(clk_i), .rst_ni(rst_n), .test_mode_i(test_mode), .ts_tick_i(ts_tick),
    .write_act_i(attempt_write), .ann_write_i(ann_write), .start_i(bus_start),
    .pin_addr_i(pin_addr),
    .act_addr_i(req_addr), .act_data_i(write_data[55:0]), .act_ones28_i(req_ones28),
    .ts_o(ts), .rdata_o(ts_rdata), .rd_owner_o(ts_rd_owner), .overspeed_o(dbg_tsclk_overspeed_o));

  // ---------------------------------------------------------------- resource counters
  wire         shadow_copy, net_shadow_release;
  wire [511:0] shadows;
  wire [63:0]  counters_rdata;
  wire [31:0]  counter_word;
  mk2_resource_counters #(.COUNT_AHEAD(COUNT_AHEAD)) resource_counters (
    .clk_i(clk_i), .rst_ni(rst_n), .soft_reset_i(soft_reset), .soft_reset_next_i(soft_reset_d), .testb_i(testb_i),
    .req_i(req), .ann_start_i(ann_start), .ann_write_i(ann_write), .start_enable_i(start_write[`MK2_ADDR_ENABLE]), .ann_wait_i(ann_wait),
    .start_i(bus_start),
    .pin_write_i(pin_write),
    .pin_addr_i(pin_addr),
    .act_write_i(req_write), .act_addr_i(req_addr), .act_data_i(write_data), .act_ones32_i(req_ones32), .pin_data_i(pin_write_data),
    .attempt_copy_i(attempt_copy), .read_wait_i(read_wait), .stall_o(counters_stall), .rdata_o(counters_rdata), .word_o(counter_word),
    .rd_owner_o(counters_rd_owner),
    .ext_level_i(ext_level), .ext_prev_i(ext_prev), .ts_level_i(ts_level), .ts_prev_i(ts_prev),
    .shadow_copy_i(shadow_copy), .shadow_release_i(net_shadow_release || test_pop),
    .shadow_busy_o(shadow_busy), .shadow_o(shadows));

  // ---------------------------------------------------------------- sampler and FIFO
  wire         push;
  wire [`MK2_ENTRY_WIDTH-1:0] entry;
  mk2_sampler #(.HW_TRIGGER(HW_TRIGGER), .HW_TRIGGER_LEVEL(HW_TRIGGER_LEVEL), .HW_TRIGGER_CPU(HW_TRIGGER_CPU))
  sampler (
    .clk_i(clk_i), .rst_ni(rst_n), .soft_reset_i(soft_reset),
    .attempt_sample_i(attempt_sample), .test_push_i(test_push),
    .test_class_i(test_mode && req_class[`MK2_CLASS_TEST_PUSH]),
    .act_resource_i(`MK2_SEL_SAMPLE_RESOURCE(req_addr)), .act_data_i(write_data), .act_cpu_i(req_cpu),
    .sampling_enabled_i(sampling_enabled), .filter_i(filter),
    .hw_trigger_i(hw_trigger_i), .hw_trigger_word_i(hw_trigger_word_i), .bus_overrun_o(bus_overrun), .trig_overruns_o(trig_overruns),
    .wait_on_overrun_i(wait_on_overrun), .source_i(source), .trig_source_i(trig_source), .ts_i(ts),
    .fifo_full_i(fifo_full), .shadow_busy_i(shadow_busy),
    .stall_o(sampler_stall), .push_o(push), .entry_o(entry), .shadow_copy_o(shadow_copy),
    .discard_o(discard), .fifo_overrun_pending_o(fifo_pending),
    .shadow_overrun_pending_o(shadow_pending));

  // Each block stalls only an attempt of its own kind, so stall is also "the bus waited this clock".
  assign stall = sampler_stall || counters_stall;

  wire        net_pop;
  wire [63:0] fifo_rdata;
  // Without the hybrid trigger nothing but the network's header byte reads a new head in the clock after
  // its push (mk2_fifo), so only the header needs the RAM bypass.
  mk2_fifo #(.FIFO_DEPTH(FIFO_DEPTH), .FULL_BYPASS(HW_TRIGGER)) sample_fifo (
    .clk_i(clk_i), .rst_ni(rst_n), .flush_i(soft_reset), .push_i(push), .entry_i(entry),
    .pop_i(net_pop || test_pop), .head_o(fifo_head), .count_o(fifo_count), .nonempty_o(fifo_nonempty), .full_o(fifo_full),
    .start_i(bus_start), .pin_addr_i(pin_addr), .act_addr_i(req_addr), .rdata_o(fifo_rdata),
    .rd_owner_o(fifo_rd_owner));

  // ---------------------------------------------------------------- network output
  wire net_busy, counter_phase;
  wire read_without_copy = attempt_read && req_class[`MK2_CLASS_READ_NO_COPY];
  mk2_network network (
    .clk_i(clk_i), .rst_ni(rst_n), .soft_reset_i(soft_reset), .truncate_i(soft_reset || test_pop),
    .disable_i(net_disable), .enable_i(net_enable),
    .hold_i(read_without_copy && shadow_busy),
    .fifo_nonempty_i(fifo_nonempty), .head_i(fifo_head), .shadow_i(shadows),
    .pop_o(net_pop), .shadow_release_o(net_shadow_release),
    .netrdy_i(netrdy_i), .outdisb_i(outdisb_i), .netclk_o(netclk_o), .fifodab_o(fifodab_o),
    .data_o(net_data_o), .parity_o(net_parity_o), .eom_o(net_eom_o),
    .busy_o(net_busy), .counter_phase_o(counter_phase));

  // ---------------------------------------------------------------- read data and pins
  // Each block returns 0 for an address it does not own, so the read value is one AND-OR tree over every
  // readable term, the shape of the read path alone (make synth-floor: four LUT levels); an address no
  // block owns reads all ones (docs/decisions.md D2.6). The counters' and the FIFO's word multiplexers,
  // the deepest parts, go to the bus interface apart and are ORed in after its read registers.
  // The all-ones term is a flip-flop of its own, decoded from the pins at the start edge like the blocks'
  // owner flags (the NOR of those four was a LUT level in front of the tree), from the register map's list
  // of readable addresses (formal: it is the NOR of the owner flags, below).
  reg         rd_unowned_q, rd_unowned_d;
  always @* begin
    rd_unowned_d = rd_unowned_q;
    if (bus_start) rd_unowned_d = !`MK2_IS_READABLE(pin_addr);
  end
  // reset: address 0 latched, which no block owns
  always @(posedge clk_i or negedge rst_n)
    if (!rst_n) rd_unowned_q <= 1'b1;
    else        rd_unowned_q <= rd_unowned_d;
  assign read_value = regs_rdata | ts_rdata | counters_rdata | {fifo_rdata[63:32], 32'd0} | {64{rd_unowned_q}};
  // the blocks' owner flags are read only by the formal check below
  wire unused_owner_ok = &{1'b0, regs_rd_owner, ts_rd_owner, counters_rd_owner, fifo_rd_owner};

  assign data_o    = bus_rdata;
  assign data_oe_o = rd_ack && outdisb_i;
  assign out_en_o  = outdisb_i;
  assign test_o    = {bus_busy, sampling_enabled, shadow_busy, net_busy,
                      (fifo_count > 8'd15) ? 4'hF : fifo_count[3:0]};

  assign dbg_fifo_count_o    = fifo_count;
  assign dbg_counter_phase_o = counter_phase;
  assign dbg_shadow_busy_o   = shadow_busy;
  assign dbg_net_busy_o      = net_busy;
  assign dbg_discard_o       = discard;
  assign dbg_overrun_count_o = overrun_count;

  // wait_count is visible through reads of address 5; nothing else needs it here.
  // The pins' classes are for the bus interface's latch; the blocks decode the announced writes from ann_write.
  // The sample and read-with-copy classes reach the blocks as attempts (attempt_sample, attempt_copy); only
  // the formal properties below read them from req_class.
  wire unused_ok = &{1'b0, wait_count, ext_rise, pin_class,   // the counters take level and prev
                     req_class[`MK2_CLASS_SAMPLE], req_class[`MK2_CLASS_READ_COPY]};
  // of the pins' announced writes only the Enable register's (the counters' Reset&Enable)
  wire unused_start_write_ok = &{1'b0, start_write[`MK2_ADDR_COUNT-1:`MK2_ADDR_ENABLE+1],
                                 start_write[`MK2_ADDR_ENABLE-1:0]};
`ifdef FORMAL
  // Chip-level properties (make formal, docs/formal.md; bounded): sample conservation and the rows of
  // Tables B3a/B3b, outside test mode and with the hybrid link off. Built with MK2_FORMAL_CHIP, so that
  // what each block's own proof assumes about its neighbours is asserted here.
`include "mk2_formal_env.vh"
  always @* assume(testb_i && HW_TRIGGER == 0);

  // Harness counters, 16 bits (far more samples than any bounded trace can hold), cleared by a hardware
  // reset (which empties the chip). sent: EOM bytes taken where NETCLK rises; flushed: samples inside
  // when a software reset cuts them (less one whose EOM byte is taken at that very edge).
  wire        f_act        = req && !stall;  // the request is performed at this edge
  wire        f_sample_act = f_act && req_class[`MK2_CLASS_SAMPLE];
  wire        f_eom_taken  = !netclk_o && !fifodab_o && net_eom_o;
  wire [15:0] f_inside     = {8'd0, fifo_count} + {15'd0, counter_phase};
  reg  [15:0] f_accepted_q = 16'd0, f_sent_q = 16'd0, f_discarded_q = 16'd0, f_flushed_q = 16'd0;
  always @(posedge clk_i) begin
    if (!rst_n) begin
      f_accepted_q <= 16'd0; f_sent_q <= 16'd0; f_discarded_q <= 16'd0; f_flushed_q <= 16'd0;
    end else begin
      f_accepted_q  <= f_accepted_q + {15'd0, f_sample_act};
      f_sent_q      <= f_sent_q + {15'd0, f_eom_taken};
      f_discarded_q <= f_discarded_q + {15'd0, discard};
      if (soft_reset) f_flushed_q <= f_flushed_q + f_inside - {15'd0, f_eom_taken};
    end
  end
  // the all-ones flip-flop is the NOR of the blocks' owner flags
  always @* if (past_valid_q && rst_n)
    assert(rd_unowned_q == !(regs_rd_owner || ts_rd_owner || counters_rd_owner || fifo_rd_owner));
  always @* if (past_valid_q && rst_n) begin
    assert(soft_reset_q == (req && req_write && req_addr == `MK2_ADDR_SOFT_RESET));
    assert(pop_presented_q == (req && req_write && req_addr == `MK2_ADDR_FIFO_POP));
    // samples accepted = sent + discarded as overruns + inside + flushed by a software reset
    assert(f_accepted_q == f_sent_q + f_discarded_q + f_inside + f_flushed_q);
    // the FIFO is never written when full, never read when empty
    assert(!(push && fifo_full));
    assert(!(net_pop && fifo_count == 8'd0));
  end

  // Table B3a (sample write at an edge where it is attempted) and Table B3b (read-with-copy)
  wire f_sample_req = req && req_class[`MK2_CLASS_SAMPLE];
  wire f_no_room    = fifo_full || (req_addr[4] && shadow_busy);
  always @* if (past_valid_q && rst_n) begin
    if (f_sample_req && !f_no_room)                    assert(f_act && push && !discard && shadow_copy == req_addr[4]);
    if (f_sample_req && f_no_room && wait_on_overrun)  assert(stall && !push && !discard);
    if (f_sample_req && f_no_room && !wait_on_overrun) assert(f_act && !push && discard && !shadow_copy);
    if (req && req_class[`MK2_CLASS_READ_COPY] && shadow_busy && read_wait) assert(stall);
    if (req && req_class[`MK2_CLASS_READ_COPY] && !(shadow_busy && read_wait)) assert(!stall);
  end
  always @(posedge clk_i) if (past_valid_q && rst_n && $past(rst_n) && !$past(soft_reset)) begin
    // a discard sets the flag(s) Table B3a names and adds one to the Overrun Error Counter
    if ($past(f_sample_req && f_no_room && !wait_on_overrun)) begin
      assert(fifo_pending == ($past(fifo_pending) || $past(fifo_full)));
      assert(shadow_pending == ($past(shadow_pending) || ($past(req_addr[4]) && $past(shadow_busy))));
      assert(dbg_overrun_count_o == $past(dbg_overrun_count_o) + 32'd1);
    end
    // a taken sample carries the pending flags and clears them
    if ($past(f_sample_req && !f_no_room)) assert(!fifo_pending && !shadow_pending);
  end
  // a wait adds one to the Wait Error Counter (two edges later, through its pending register)
  always @(posedge clk_i) if (past_valid_q && rst_n && $past(rst_n, 2) && !$past(soft_reset) && !$past(soft_reset, 2)
                              && !$past(attempt_write && (req_addr == `MK2_ADDR_WAIT_COUNT)) && $past(stall, 2))
    assert(wait_count == $past(wait_count) + 32'd1);

  // covers: FIFO full, both error flags pending, a Resource sample waiting on busy shadows
  always @* if (past_valid_q && rst_n) begin
    cover(fifo_full);
    cover(fifo_pending && shadow_pending);
    cover(f_sample_req && req_addr[4] && shadow_busy && !fifo_full && wait_on_overrun);
  end
`endif
endmodule
`default_nettype wire
