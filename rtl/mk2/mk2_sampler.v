`default_nettype none
`include "mk2_regmap.vh"
// mk2_sampler: sample assembly and the overrun policy of Table B3a.
//
// Clock domain: clk_i. A write to 96-127 is a sample request: level = address bits 3:0, Resource when
// address bit 4 is set. Whether it passes sampling-enable and the Filter Register is decided by the
// processor interface (mk2_bus_if, its SAMPLE address class, at the start edge); attempt_sample_i says it
// passed, and a write that did not pass is dropped silently without reaching this block. It is taken
// when the FIFO has room and, for a Resource sample, the shadows are free; if not, it waits (stall_o,
// wait-on-overrun on) or is discarded (discard_o) setting the pending flag(s) of Table B3a, which the next
// taken sample carries in its header and clears. The entry is assembled and pushed at the action edge:
// {161st bit = Resource, header, Timestamp, Source Address, user data}.
// Test mode: writes to 25-29 push an entry holding D31..D0 in all five 32-bit groups (if there is room).
// Hybrid link (our extension, HW_TRIGGER = 1; docs/decisions.md D11): a pulse on hw_trigger_i makes a
// Trace sample of level HW_TRIGGER_LEVEL from CPU HW_TRIGGER_CPU carrying {32'h0, hw_trigger_word_i} as
// user data, with no processor write. It passes sampling-enable and the Filter like a write; it never
// waits: with the FIFO full it is discarded as in Table B3a (FIFO-overrun flag, Overrun Error Counter).
// An edge at which a processor sample or test-mode entry is pushed or discarded keeps the trigger in a
// one-deep pending register for the next edge; a trigger arriving while one is still pending is lost and
// counted like a discard. With HW_TRIGGER = 0 the two inputs are ignored and the chip is as documented.
// Latency: none beyond the action edge (a trigger at edge e is pushed at e, or at e+1 when pending).
// Parameters: HW_TRIGGER (0 or 1), HW_TRIGGER_LEVEL (0..15), HW_TRIGGER_CPU (0..7).
module mk2_sampler #(
  parameter HW_TRIGGER       = 0,  // 1: the hybrid trigger input makes Trace samples
  parameter HW_TRIGGER_LEVEL = 0,  // filter level of those samples
  parameter HW_TRIGGER_CPU   = 0   // CPU ID (header and Source Address Register) of those samples
) (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         soft_reset_i,
  // processor interface
  input  wire         attempt_sample_i, // a sample write (96-127) that passes sampling and the Filter
                                        // Register (decoded at its start edge) is attempted at this edge
  input  wire         test_push_i,   // a test-mode FIFO write (25-29) is performed at this edge
  input  wire         test_class_i,  // the request is a write to 25-29 (its class, decoded at its start
                                     // edge) and TESTB is low: it picks the entry, test_push_i the push
  input  wire         act_resource_i, // A4 of a sample write: a Resource sample
  input  wire         sampling_enabled_i, // for the hybrid trigger (processor writes come pre-filtered)
  input  wire [15:0]  filter_i,
  input  wire [63:0]  act_data_i,
  input  wire [2:0]   act_cpu_i,
  // configuration and state
  input  wire         wait_on_overrun_i,
  input  wire [31:0]  source_i,      // Source Address Register of act_cpu_i
  input  wire [31:0]  trig_source_i, // Source Address Register HW_TRIGGER_CPU
  input  wire [55:0]  ts_i,
  input  wire         fifo_full_i,
  // hybrid link
  input  wire         hw_trigger_i,
  input  wire [31:0]  hw_trigger_word_i,
  input  wire         shadow_busy_i,
  // results
  output wire         stall_o,
  output wire         push_o,
  output wire [`MK2_ENTRY_WIDTH-1:0] entry_o,
  output wire         shadow_copy_o,
  output wire         discard_o,
  output wire         bus_overrun_o,  // a processor sample was discarded at this edge
  output wire [1:0]   trig_overruns_o, // hybrid-trigger samples lost at this edge (never with a processor
                                       // discard: a trigger acts only at an edge with no bus take or discard,
                                       // but a lost trigger may coincide with one)
  output wire         fifo_overrun_pending_o,
  output wire         shadow_overrun_pending_o
);
  initial begin
    if (HW_TRIGGER != 0 && HW_TRIGGER != 1) begin $error("mk2_sampler: HW_TRIGGER must be 0 or 1"); $finish; end
    if (HW_TRIGGER_LEVEL < 0 || HW_TRIGGER_LEVEL > 15) begin
      $error("mk2_sampler: HW_TRIGGER_LEVEL must be 0..15"); $finish;
    end
    if (HW_TRIGGER_CPU < 0 || HW_TRIGGER_CPU > 7) begin $error("mk2_sampler: HW_TRIGGER_CPU must be 0..7"); $finish; end
  end

  reg fifo_pending_q, fifo_pending_d;
  reg        trig_pending_q, trig_pending_d;
  reg [31:0] trig_word_q, trig_word_d;
  reg shadow_pending_q, shadow_pending_d;

  wire is_resource = act_resource_i;
  wire can_take    = !fifo_full_i && !(is_resource && shadow_busy_i);
  // A sample request is stalled only here (the counters stall only a read-with-copy), so it is taken
  // or discarded from the attempt (a flip-flop, mk2_bus_if) and this block's own stall condition, not
  // from the chip's action strobe: the FIFO push and the shadow copy are one LUT from flip-flops.
  wire bus_take    = attempt_sample_i && can_take;
  wire no_room     = attempt_sample_i && !can_take;   // Table B3a: wait (stall_o) or discard
  wire bus_discard = no_room && !wait_on_overrun_i;

  wire test_push   = test_push_i && !fifo_full_i;

  // ---- hybrid link: a trigger acts at an edge where the processor interface pushes and discards nothing
  // the initial block limits the parameters to 0..15 and 0..7, so these slices lose nothing
  localparam [31:0] TRIG_LEVEL_32 = HW_TRIGGER_LEVEL;
  localparam [31:0] TRIG_CPU_32   = HW_TRIGGER_CPU;
  localparam [3:0]  TRIG_LEVEL    = TRIG_LEVEL_32[3:0];
  localparam [2:0]  TRIG_CPU      = TRIG_CPU_32[2:0];
  wire        hw_on        = (HW_TRIGGER == 1);
  wire        trig_new     = hw_on && hw_trigger_i;
  wire        trig_request = trig_pending_q || trig_new;
  wire [31:0] trig_word    = trig_pending_q ? trig_word_q : hw_trigger_word_i;
  wire        bus_busy     = bus_take || bus_discard || test_push_i;
  wire        trig_act     = trig_request && !bus_busy && !soft_reset_i;
  wire        trig_wanted  = sampling_enabled_i && filter_i[TRIG_LEVEL];
  wire        trig_take    = trig_act && trig_wanted && !fifo_full_i;
  wire        trig_discard = trig_act && trig_wanted && fifo_full_i;
  // a new trigger that finds the pending register occupied (and not freed at this edge) is lost
  wire        trig_lost    = trig_new && trig_pending_q && !trig_act && sampling_enabled_i && filter_i[TRIG_LEVEL];

  wire take    = bus_take || trig_take;
  wire discard = bus_discard || trig_discard || trig_lost;

  // The header byte and the FIFO entry, field by field (mk2_entry in rtl/mk2/mk2_regmap.rdl).
  function [`MK2_ENTRY_HEADER_WIDTH-1:0] make_header(input [`MK2_HEADER_CPU_WIDTH-1:0] cpu, input resource,
                                                      input shadow_overrun, input fifo_overrun);
    begin
      make_header = {`MK2_ENTRY_HEADER_WIDTH{1'b0}};
      make_header[`MK2_HEADER_CPU_MSB:`MK2_HEADER_CPU_LSB]   = cpu;
      make_header[`MK2_HEADER_KIND_MSB:`MK2_HEADER_KIND_LSB] = resource ? `MK2_HEADER_KIND_RESOURCE
                                                                        : `MK2_HEADER_KIND_TRACE;
      make_header[`MK2_HEADER_SHADOW_OVERRUN_BIT]            = shadow_overrun;
      make_header[`MK2_HEADER_FIFO_OVERRUN_BIT]              = fifo_overrun;
    end
  endfunction
  function [`MK2_ENTRY_WIDTH-1:0] make_entry(input resource, input [`MK2_ENTRY_HEADER_WIDTH-1:0] header,
                                             input [`MK2_ENTRY_TIMESTAMP_WIDTH-1:0] timestamp,
                                             input [`MK2_ENTRY_SOURCE_WIDTH-1:0] source,
                                             input [`MK2_ENTRY_DATA_WIDTH-1:0] data);
    begin
      make_entry = {`MK2_ENTRY_WIDTH{1'b0}};
      make_entry[`MK2_ENTRY_RESOURCE_BIT]                          = resource;
      make_entry[`MK2_ENTRY_HEADER_MSB:`MK2_ENTRY_HEADER_LSB]       = header;
      make_entry[`MK2_ENTRY_TIMESTAMP_MSB:`MK2_ENTRY_TIMESTAMP_LSB] = timestamp;
      make_entry[`MK2_ENTRY_SOURCE_MSB:`MK2_ENTRY_SOURCE_LSB]       = source;
      make_entry[`MK2_ENTRY_DATA_MSB:`MK2_ENTRY_DATA_LSB]           = data;
    end
  endfunction

  wire [`MK2_ENTRY_WIDTH-1:0] sample_entry = make_entry(is_resource,
    make_header(act_cpu_i, is_resource, shadow_pending_q, fifo_pending_q), ts_i, source_i, act_data_i);
  wire [`MK2_ENTRY_WIDTH-1:0] trig_entry = make_entry(1'b0,
    make_header(TRIG_CPU, 1'b0, shadow_pending_q, fifo_pending_q), ts_i, trig_source_i, {32'd0, trig_word});
  // A test-mode entry holds D31..D0 in each 32-bit group that the FIFO group addresses read.
  reg  [`MK2_ENTRY_WIDTH-1:0] test_entry;
  always @* begin
    test_entry = {`MK2_ENTRY_WIDTH{1'b0}};
    test_entry[`MK2_ENTRY_HEADER_MSB:0] = {`MK2_FIFO_GROUP_COUNT{act_data_i[31:0]}};
  end

  always @* begin
    fifo_pending_d   = fifo_pending_q;
    shadow_pending_d = shadow_pending_q;
    if (take) begin
      fifo_pending_d   = 1'b0;
      shadow_pending_d = 1'b0;
    end
    if (bus_discard) begin
      if (fifo_full_i)                  fifo_pending_d   = 1'b1;
      if (is_resource && shadow_busy_i) shadow_pending_d = 1'b1;
    end
    if (trig_discard || trig_lost) fifo_pending_d = 1'b1;

    trig_pending_d = trig_pending_q;
    trig_word_d    = trig_word_q;
    // The pending trigger goes first. A new one waits when it is not served at this edge itself, and is
    // lost (trig_lost) when the pending one is still waiting.
    if (trig_act) trig_pending_d = 1'b0;
    if (trig_new && (trig_act ? trig_pending_q : !trig_pending_q)) begin
      trig_pending_d = 1'b1;
      trig_word_d    = hw_trigger_word_i;
    end
    if (soft_reset_i) begin
      fifo_pending_d   = 1'b0;
      shadow_pending_d = 1'b0;
      trig_pending_d   = 1'b0;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fifo_pending_q   <= 1'b0;
      shadow_pending_q <= 1'b0;
      trig_pending_q   <= 1'b0;
      trig_word_q      <= 32'd0;
    end else begin
      fifo_pending_q   <= fifo_pending_d;
      shadow_pending_q <= shadow_pending_d;
      trig_pending_q   <= trig_pending_d;
      trig_word_q      <= trig_word_d;
    end
  end

  assign stall_o                  = no_room && wait_on_overrun_i;
  assign push_o                   = take || test_push;
  // The entry matters only at a push (the FIFO writes its free slot at other edges too, mk2_fifo), so it is
  // chosen by the cheapest terms that agree with the push: a bus take needs room, so a test-push request
  // at a push is a test push; and a trigger takes only where the bus takes nothing and no test push is
  // requested. With the hybrid link off only the processor pushes, and the request's class and TESTB tell
  // a test push from a sample (a sample's class is not the test write's, and a test push needs that class
  // in test mode): so the 161 data bits of the RAM are chosen without the request, and the test-push
  // decode, which the push, pointers and count wait on, does not also drive them (its fan-out was on the
  // HX8K's critical path). TESTB is in the choice so that a board that ties it high (mk2_uartbone_top)
  // still loses the test entry's multiplexer to constant folding (about 150 iCE40 logic cells).
  // With the hybrid link on, a trigger can push while the latched class is the test write's but no test
  // push acts (before its action edge, after it, or outside test mode), so the test-push decode chooses.
  wire   test_entry_sel           = hw_on ? test_push_i : test_class_i;
  assign entry_o                  = test_entry_sel ? test_entry : (hw_on && !bus_take) ? trig_entry : sample_entry;
  assign shadow_copy_o            = bus_take && is_resource;
  assign discard_o                = discard;
  assign bus_overrun_o            = bus_discard;
  assign trig_overruns_o          = {1'b0, trig_discard} + {1'b0, trig_lost};
  assign fifo_overrun_pending_o   = fifo_pending_q;
  assign shadow_overrun_pending_o = shadow_pending_q;
`ifdef FORMAL
  // Properties (make formal, docs/formal.md): the rows of Table B3a at the action attempt of a processor
  // sample, by k-induction (hybrid link off: HW_TRIGGER = 0, the default).
`include "mk2_formal_env.vh"
  // The chip: an action is performed when it is requested and nothing stalls it (only a read-with-copy,
  // never a sample, can be stalled by the counters; a sample request is not a test push).
  wire f_act = attempt_sample_i && !stall_o;
  always @* if (attempt_sample_i) `MK2_ENV(!test_push_i);
  // The class decode the entry choice reads: one class a request (mk2_bus_if's properties), and a test push
  // is a request of the test write's class (mk2_chip).
  always @* if (attempt_sample_i) `MK2_ENV(!test_class_i);
  always @* if (test_push_i) `MK2_ENV(test_class_i);
  wire f_room = !fifo_full_i && !(act_resource_i && shadow_busy_i);
  always @* if (past_valid_q && rst_ni && HW_TRIGGER == 0) begin
    // take: room in the FIFO and, for a Resource sample, free shadows
    if (attempt_sample_i && f_room)
      assert(f_act && push_o && !discard_o && shadow_copy_o == act_resource_i && entry_o[160] == act_resource_i
             && entry_o[156:155] == {1'b1, act_resource_i} && entry_o[154:153] == {shadow_overrun_pending_o, fifo_overrun_pending_o});
    // wait: no room, wait-on-overrun on: the request stalls (the chip counts the Wait Error Counter)
    if (attempt_sample_i && !f_room && wait_on_overrun_i) assert(stall_o && !push_o && !discard_o && !bus_overrun_o);
    // discard: no room, wait-on-overrun off: acknowledged, counted once as an overrun
    if (attempt_sample_i && !f_room && !wait_on_overrun_i) assert(f_act && !push_o && discard_o && bus_overrun_o);
    // nothing else pushes, discards or stalls (a test push only into a FIFO with room)
    if (!attempt_sample_i) assert(!stall_o && !discard_o && !shadow_copy_o && push_o == (test_push_i && !fifo_full_i));
    assert(trig_overruns_o == 2'd0 && !trig_pending_q);
  end
  // The entry is the one of the push's own kind, with the hybrid link on or off (sampler_entry_trigger in
  // make formal runs it with HW_TRIGGER = 1).
  always @* if (past_valid_q && rst_ni && push_o)
    assert(entry_o == (test_push ? test_entry : bus_take ? sample_entry : trig_entry));
  always @(posedge clk_i) if (past_valid_q && rst_ni && $past(rst_ni) && !$past(soft_reset_i) && HW_TRIGGER == 0) begin
    // a discard sets the flag(s) of its row and keeps the others; a take clears both
    if ($past(bus_overrun_o)) begin
      assert(fifo_overrun_pending_o == ($past(fifo_overrun_pending_o) || $past(fifo_full_i)));
      assert(shadow_overrun_pending_o == ($past(shadow_overrun_pending_o) || ($past(act_resource_i) && $past(shadow_busy_i))));
    end
    if ($past(push_o) && !$past(test_push_i)) assert(!fifo_overrun_pending_o && !shadow_overrun_pending_o);
    if (!$past(push_o) && !$past(bus_overrun_o))
      assert(fifo_overrun_pending_o == $past(fifo_overrun_pending_o) && shadow_overrun_pending_o == $past(shadow_overrun_pending_o));
  end
  // covers: both error flags pending, a Resource sample waiting on busy shadows, a take after discards
  always @* if (past_valid_q && rst_ni) begin
    cover(fifo_overrun_pending_o && shadow_overrun_pending_o);
    cover(attempt_sample_i && act_resource_i && shadow_busy_i && !fifo_full_i && wait_on_overrun_i);
    cover(push_o && attempt_sample_i && entry_o[154:153] == 2'b11);
  end
`endif
endmodule
`default_nettype wire
