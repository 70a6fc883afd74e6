`default_nettype none
// mk2_sampler: sample assembly, the Filter Register check, and the overrun policy of Table B3a.
//
// Clock domain: clk_i. A write to 96-127 is a sample request: level = address bits 3:0, Resource when
// address bit 4 is set. Dropped silently when sampling is disabled or the level's Filter bit is 0.
// Otherwise it is taken when the FIFO has room and, for a Resource sample, the shadows are free; if not,
// it waits (stall_o, wait-on-overrun on) or is discarded (discard_o) setting the pending flag(s) of
// Table B3a, which the next taken sample carries in its header and clears. The entry is assembled and
// pushed at the action edge: {161st bit = Resource, header, Timestamp, Source Address, user data}.
// Test mode: writes to 25-29 push an entry holding D31..D0 in all five 32-bit groups (if there is room).
// Latency: none beyond the action edge. Parameters: none (FIFO fullness comes in as fifo_full_i).
module mk2_sampler (
  input  wire         clk_i,
  input  wire         rst_ni,
  input  wire         soft_reset_i,
  input  wire         test_mode_i,
  // processor interface
  input  wire         req_i,
  input  wire         act_i,
  input  wire         act_write_i,
  input  wire [6:0]   act_addr_i,
  input  wire [63:0]  act_data_i,
  input  wire [2:0]   act_cpu_i,
  // configuration and state
  input  wire         sampling_enabled_i,
  input  wire [15:0]  filter_i,
  input  wire         wait_on_overrun_i,
  input  wire [255:0] source_ids_i,
  input  wire [55:0]  ts_i,
  input  wire         fifo_full_i,
  input  wire         shadow_busy_i,
  // results
  output wire         stall_o,
  output wire         push_o,
  output wire [160:0] entry_o,
  output wire         shadow_copy_o,
  output wire         discard_o,
  output wire         fifo_overrun_pending_o,
  output wire         shadow_overrun_pending_o
);
  reg fifo_pending_q, fifo_pending_d;
  reg shadow_pending_q, shadow_pending_d;

  wire is_sample   = act_write_i && act_addr_i[6:5] == 2'b11;
  wire is_resource = act_addr_i[4];
  wire filtered_in = sampling_enabled_i && filter_i[act_addr_i[3:0]];
  wire can_take    = !fifo_full_i && !(is_resource && shadow_busy_i);
  wire wanted      = is_sample && filtered_in;
  wire take        = act_i && wanted && can_take;
  wire discard     = act_i && wanted && !can_take;

  wire test_push   = act_i && act_write_i && test_mode_i &&
                     act_addr_i >= 7'd25 && act_addr_i <= 7'd29 && !fifo_full_i;

  // Header, most significant bit first: CPU ID, type (10 Trace, 11 Resource), shadow flag, FIFO flag, 0.
  wire [7:0]   header       = {act_cpu_i, 1'b1, is_resource, shadow_pending_q, fifo_pending_q, 1'b0};
  wire [31:0]  source       = source_ids_i[{act_cpu_i, 5'd0} +: 32];
  wire [160:0] sample_entry = {is_resource, header, ts_i, source, act_data_i};
  wire [160:0] test_entry   = {1'b0, {5{act_data_i[31:0]}}};

  always @* begin
    fifo_pending_d   = fifo_pending_q;
    shadow_pending_d = shadow_pending_q;
    if (take) begin
      fifo_pending_d   = 1'b0;
      shadow_pending_d = 1'b0;
    end
    if (discard) begin
      if (fifo_full_i)                  fifo_pending_d   = 1'b1;
      if (is_resource && shadow_busy_i) shadow_pending_d = 1'b1;
    end
    if (soft_reset_i) begin
      fifo_pending_d   = 1'b0;
      shadow_pending_d = 1'b0;
    end
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      fifo_pending_q   <= 1'b0;
      shadow_pending_q <= 1'b0;
    end else begin
      fifo_pending_q   <= fifo_pending_d;
      shadow_pending_q <= shadow_pending_d;
    end
  end

  assign stall_o                  = req_i && wanted && !can_take && wait_on_overrun_i;
  assign push_o                   = take || test_push;
  assign entry_o                  = test_push ? test_entry : sample_entry;
  assign shadow_copy_o            = take && is_resource;
  assign discard_o                = discard;
  assign fifo_overrun_pending_o   = fifo_pending_q;
  assign shadow_overrun_pending_o = shadow_pending_q;
endmodule
`default_nettype wire
