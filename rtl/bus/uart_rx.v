`default_nettype none
// uart_rx: 8N1 UART receiver (LSB first, one start bit, one stop bit, no parity).
//
// What: rx_i passes a two-flop synchronizer; a falling edge while idle starts a byte, the start bit is checked
// at its middle, the 8 data bits and the stop bit are sampled at their middles. A byte whose stop bit is high
// is delivered as a one-clock pulse valid_o with data_o; one whose stop bit is low (framing error) is dropped.
// Clock domain: clk_i; rx_i asynchronous. rst_ni synchronous, active low.
// Latency: valid_o 2 clocks (synchronizer) after the middle of the stop bit.
// Parameters: CLKS_PER_BIT (clock periods per bit, >= 4; e.g. 12 MHz / 115200 = 104).
module uart_rx #(
  parameter CLKS_PER_BIT = 104
) (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire       rx_i,
  output wire [7:0] data_o,
  output wire       valid_o
);
  localparam CW = $clog2(CLKS_PER_BIT + 1);
  localparam integer FULL_I = CLKS_PER_BIT - 1;
  localparam integer HALF_I = CLKS_PER_BIT / 2 - 1;
  localparam [CW-1:0] FULL = FULL_I[CW-1:0];
  localparam [CW-1:0] HALF = HALF_I[CW-1:0];

  initial begin
    if (CLKS_PER_BIT < 4) begin $error("uart_rx: CLKS_PER_BIT must be >= 4"); $finish; end
  end

  reg [1:0]    sync_q,  sync_d;
  reg          busy_q,  busy_d;
  reg [CW-1:0] cnt_q,   cnt_d;    // clocks to the middle of the next bit
  reg [3:0]    bit_q,   bit_d;    // 0 start, 1..8 data, 9 stop
  reg [7:0]    shift_q, shift_d;
  reg          valid_q, valid_d;

  wire rx = sync_q[1];

  always @* begin
    sync_d  = {sync_q[0], rx_i};
    busy_d  = busy_q;
    cnt_d   = cnt_q;
    bit_d   = bit_q;
    shift_d = shift_q;
    valid_d = 1'b0;
    if (!busy_q) begin
      if (!rx) begin
        busy_d = 1'b1;
        cnt_d  = HALF;
        bit_d  = 4'd0;
      end
    end else if (cnt_q != {CW{1'b0}}) begin
      cnt_d = cnt_q - 1'b1;
    end else begin
      cnt_d = FULL;
      bit_d = bit_q + 4'd1;
      if (bit_q == 4'd0) begin
        if (rx) busy_d = 1'b0;            // a glitch, not a start bit
      end else if (bit_q == 4'd9) begin
        busy_d  = 1'b0;
        valid_d = rx;                     // stop bit high: deliver
      end else begin
        shift_d = {rx, shift_q[7:1]};
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      sync_q  <= 2'b11;
      busy_q  <= 1'b0;
      cnt_q   <= {CW{1'b0}};
      bit_q   <= 4'd0;
      shift_q <= 8'd0;
      valid_q <= 1'b0;
    end else begin
      sync_q  <= sync_d;
      busy_q  <= busy_d;
      cnt_q   <= cnt_d;
      bit_q   <= bit_d;
      shift_q <= shift_d;
      valid_q <= valid_d;
    end
  end

  assign data_o  = shift_q;
  assign valid_o = valid_q;
endmodule
`default_nettype wire
