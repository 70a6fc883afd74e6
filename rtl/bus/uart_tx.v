`default_nettype none
// uart_tx: 8N1 UART transmitter (LSB first, one start bit, one stop bit, no parity).
//
// What: a byte offered with valid_i while ready_o is high is taken at that edge and sent as 10 bits of
// CLKS_PER_BIT clocks each; tx_o idles high.
// Clock domain: clk_i. rst_ni synchronous, active low.
// Latency: the start bit begins the clock after the byte is taken; ready_o is high again after the stop bit.
// Parameters: CLKS_PER_BIT (clock periods per bit, >= 2).
module uart_tx #(
  parameter CLKS_PER_BIT = 104
) (
  input  wire       clk_i,
  input  wire       rst_ni,
  input  wire [7:0] data_i,
  input  wire       valid_i,
  output wire       ready_o,
  output wire       tx_o
);
  localparam CW = $clog2(CLKS_PER_BIT + 1);
  localparam integer FULL_I = CLKS_PER_BIT - 1;
  localparam [CW-1:0] FULL = FULL_I[CW-1:0];

  initial begin
    if (CLKS_PER_BIT < 2) begin $error("uart_tx: CLKS_PER_BIT must be >= 2"); $finish; end
  end

  reg          busy_q,  busy_d;
  reg [CW-1:0] cnt_q,   cnt_d;
  reg [3:0]    bit_q,   bit_d;    // bits left after the one on the line
  reg [8:0]    shift_q, shift_d;  // {stop, data} still to send
  reg          tx_q,    tx_d;

  always @* begin
    busy_d  = busy_q;
    cnt_d   = cnt_q;
    bit_d   = bit_q;
    shift_d = shift_q;
    tx_d    = tx_q;
    if (!busy_q) begin
      if (valid_i) begin
        busy_d  = 1'b1;
        tx_d    = 1'b0;                   // start bit
        shift_d = {1'b1, data_i};
        cnt_d   = FULL;
        bit_d   = 4'd9;
      end
    end else if (cnt_q != {CW{1'b0}}) begin
      cnt_d = cnt_q - 1'b1;
    end else if (bit_q == 4'd0) begin
      busy_d = 1'b0;
      tx_d   = 1'b1;
    end else begin
      tx_d    = shift_q[0];
      shift_d = {1'b1, shift_q[8:1]};
      bit_d   = bit_q - 4'd1;
      cnt_d   = FULL;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q  <= 1'b0;
      cnt_q   <= {CW{1'b0}};
      bit_q   <= 4'd0;
      shift_q <= 9'h1ff;
      tx_q    <= 1'b1;
    end else begin
      busy_q  <= busy_d;
      cnt_q   <= cnt_d;
      bit_q   <= bit_d;
      shift_q <= shift_d;
      tx_q    <= tx_d;
    end
  end

  assign ready_o = !busy_q;
  assign tx_o    = tx_q;
endmodule
`default_nettype wire
