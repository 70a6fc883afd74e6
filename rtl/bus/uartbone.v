`default_nettype none
// uartbone: a byte-stream-to-Wishbone bridge speaking LiteX's UARTBone protocol (litex/soc/cores/uart.py,
// Stream2Wishbone, 32-bit data and address; host side litex/tools/remote/comm_uart.py), so that
// litex_server --uart and litex_cli / RemoteClient drive our Wishbone bus.
//
// What: a frame is a command byte, a length byte N, a 32-bit word address (4 bytes, most significant first),
// then for writes N data words (4 bytes each, most significant first). Commands: 0x01 write, address
// incremented per word; 0x02 read, incremented; 0x03 write, fixed address; 0x04 read, fixed. N = 0 means
// 256 words (the 8-bit count wraps, as in LiteX). Writes get no reply; each read word is answered with 4
// bytes, most significant first. Another command byte is parsed with its length and address and ignored.
// A frame that has not ended TIMEOUT_CLKS clocks after its command byte is abandoned and the parser waits
// for a command byte again (LiteX: 100 ms), the Wishbone cycle in progress, if any, dropped. Bytes that
// arrive while a Wishbone access or a reply is under way are lost, as in LiteX (the host waits for replies).
// An ERR answer is treated like an ACK (a read then returns the data bus as it is).
// Wishbone B4 pipelined master, 32-bit, one request at a time: CYC and STB from the request until it is
// accepted (STALL low), CYC until its ACK/ERR.
// Clock domain: clk_i. rst_ni synchronous, active low.
// Latency: the Wishbone request starts the clock after the last byte of a word is received.
// Parameters: TIMEOUT_CLKS (clocks; e.g. 100 ms at the clock frequency; >= 2).
module uartbone #(
  parameter TIMEOUT_CLKS = 1200000
) (
  input  wire        clk_i,
  input  wire        rst_ni,
  // received bytes
  input  wire [7:0]  rx_data_i,
  input  wire        rx_valid_i,
  // bytes to send
  output wire [7:0]  tx_data_o,
  output wire        tx_valid_o,
  input  wire        tx_ready_i,
  // Wishbone B4 pipelined master
  output wire        wb_cyc_o,
  output wire        wb_stb_o,
  output wire        wb_we_o,
  output wire [31:0] wb_adr_o,
  output wire [31:0] wb_dat_o,
  output wire [3:0]  wb_sel_o,
  input  wire        wb_stall_i,
  input  wire        wb_ack_i,
  input  wire        wb_err_i,
  input  wire [31:0] wb_dat_i
);
  localparam [2:0] ST_CMD = 3'd0, ST_LEN = 3'd1, ST_ADDR = 3'd2, ST_DATA = 3'd3, ST_WRITE = 3'd4,
                   ST_READ = 3'd5, ST_SEND = 3'd6;
  localparam TW = $clog2(TIMEOUT_CLKS + 1);
  localparam integer TLAST_I = TIMEOUT_CLKS - 1;
  localparam [TW-1:0] TLAST = TLAST_I[TW-1:0];

  initial begin
    if (TIMEOUT_CLKS < 2) begin $error("uartbone: TIMEOUT_CLKS must be >= 2"); $finish; end
  end

  reg [2:0]    st_q,    st_d;
  reg [7:0]    cmd_q,   cmd_d;
  reg [7:0]    len_q,   len_d;
  reg [7:0]    words_q, words_d;   // words done in this frame
  reg [1:0]    nbyte_q, nbyte_d;   // bytes of the address or data word so far / sent
  reg [31:0]   adr_q,   adr_d;
  reg [31:0]   dat_q,   dat_d;
  reg          stb_q,   stb_d;     // the request has not been accepted yet
  reg [TW-1:0] tmo_q,   tmo_d;

  wire incr      = cmd_q == 8'h01 || cmd_q == 8'h02;
  wire is_write  = cmd_q == 8'h01 || cmd_q == 8'h03;
  wire is_read   = cmd_q == 8'h02 || cmd_q == 8'h04;
  wire last_word = words_q == len_q - 8'd1;
  wire answer    = wb_ack_i || wb_err_i;

  always @* begin
    st_d    = st_q;
    cmd_d   = cmd_q;
    len_d   = len_q;
    words_d = words_q;
    nbyte_d = nbyte_q;
    adr_d   = adr_q;
    dat_d   = dat_q;
    stb_d   = stb_q;
    tmo_d   = st_q == ST_CMD ? {TW{1'b0}} : tmo_q + 1'b1;
    case (st_q)
      ST_CMD: if (rx_valid_i) begin
        cmd_d   = rx_data_i;
        words_d = 8'd0;
        nbyte_d = 2'd0;
        st_d    = ST_LEN;
      end
      ST_LEN: if (rx_valid_i) begin
        len_d = rx_data_i;
        st_d  = ST_ADDR;
      end
      ST_ADDR: if (rx_valid_i) begin
        adr_d   = {adr_q[23:0], rx_data_i};
        nbyte_d = nbyte_q + 2'd1;
        if (nbyte_q == 2'd3) begin
          if (is_write) st_d = ST_DATA;
          else if (is_read) begin
            st_d  = ST_READ;
            stb_d = 1'b1;
          end else st_d = ST_CMD;
        end
      end
      ST_DATA: if (rx_valid_i) begin
        dat_d   = {dat_q[23:0], rx_data_i};
        nbyte_d = nbyte_q + 2'd1;
        if (nbyte_q == 2'd3) begin
          st_d  = ST_WRITE;
          stb_d = 1'b1;
        end
      end
      ST_WRITE: begin
        if (!wb_stall_i) stb_d = 1'b0;
        if (answer && !stb_q) begin
          words_d = words_q + 8'd1;
          if (incr) adr_d = adr_q + 32'd1;
          st_d = last_word ? ST_CMD : ST_DATA;
        end
      end
      ST_READ: begin
        if (!wb_stall_i) stb_d = 1'b0;
        if (answer && !stb_q) begin
          dat_d = wb_dat_i;
          st_d  = ST_SEND;
        end
      end
      ST_SEND: if (tx_ready_i) begin
        dat_d   = {dat_q[23:0], 8'd0};
        nbyte_d = nbyte_q + 2'd1;
        if (nbyte_q == 2'd3) begin
          words_d = words_q + 8'd1;
          if (incr) adr_d = adr_q + 32'd1;
          if (last_word) st_d = ST_CMD;
          else begin
            st_d  = ST_READ;
            stb_d = 1'b1;
          end
        end
      end
      default: st_d = ST_CMD;
    endcase
    // the frame time-out: back to waiting for a command, any Wishbone cycle dropped
    if (st_q != ST_CMD && tmo_q == TLAST) begin
      st_d  = ST_CMD;
      stb_d = 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      st_q    <= ST_CMD;
      cmd_q   <= 8'd0;
      len_q   <= 8'd0;
      words_q <= 8'd0;
      nbyte_q <= 2'd0;
      adr_q   <= 32'd0;
      dat_q   <= 32'd0;
      stb_q   <= 1'b0;
      tmo_q   <= {TW{1'b0}};
    end else begin
      st_q    <= st_d;
      cmd_q   <= cmd_d;
      len_q   <= len_d;
      words_q <= words_d;
      nbyte_q <= nbyte_d;
      adr_q   <= adr_d;
      dat_q   <= dat_d;
      stb_q   <= stb_d;
      tmo_q   <= tmo_d;
    end
  end

  assign wb_cyc_o   = st_q == ST_WRITE || st_q == ST_READ;
  assign wb_stb_o   = wb_cyc_o && stb_q;
  assign wb_we_o    = st_q == ST_WRITE;
  assign wb_adr_o   = adr_q;
  assign wb_dat_o   = dat_q;
  assign wb_sel_o   = 4'b1111;
  assign tx_valid_o = st_q == ST_SEND;
  assign tx_data_o  = dat_q[31:24];
endmodule
`default_nettype wire
