# setup-lib.sh - what tb/fusesoc/ecp5-options-test and rems-forms-test share: FuseSoC's setup stage of one
# target, and the comparisons of the yosys script Edalize writes there against mk/fpga.mk's variables.
# Sourced (bash), from the repository's root.

# fusesoc_setup CORE TARGET DIR: FuseSoC's setup stage of CORE's TARGET under DIR (log DIR.log); sets procs
# to the yosys script Edalize wrote (edalize_yosys_procs.tcl), or prints a FAIL line named after DIR's last
# part (two cores' targets of one name apart) and returns 1
fusesoc_setup() {
  local case; case="fusesoc-$(basename "$3")-setup"
  procs=
  if ! fusesoc --cores-root . run --build-root "$3" --setup --target="$2" "$1" > "$3.log" 2>&1; then
    echo "FAIL $case: fusesoc setup of $1 $2 failed: $(grep -m1 'ERROR' "$3.log") (log: $3.log)"
    return 1
  fi
  procs=$(find "$3" -name edalize_yosys_procs.tcl | head -1)
  [ -n "$procs" ] || { echo "FAIL $case: no edalize_yosys_procs.tcl under $3"; return 1; }
}

# same CASE WHAT GOT WANT: GOT is WANT, spaces aside
same() {
  local got want
  got=$(echo $3) want=$(echo $4)
  if [ "$got" = "$want" ]; then echo "PASS $1: $want"; else echo "FAIL $1: $2 is '$got' (want '$want')"; fi
}

# script_define_names PROCS: the names of the script's {NAME VALUE} define pairs, sorted, one line
script_define_names() {
  sed -n 's/^set defines {\(.*\)}$/\1/p' "$1" | grep -o '{[^ }]*' | tr -d '{' | sort | tr '\n' ' '
}
# define_names "-DNAME[=V] ...": the names, sorted, one line
define_names() { local d; for d in $1; do d=${d#-D}; echo "${d%%=*}"; done | sort | tr '\n' ' '; }
