"""yosys_netlist - reading the netlists yosys writes (write_json), for scripts/logic-depth and
scripts/netlist-same. Imported, not run.

load_top(path, tool) -> (modules, top_name): every module of the netlist and the name of the one top
module, the module whose `top` attribute is set (yosys writes attributes as bit strings, "000...01").
A file that cannot be read or is not JSON, or a netlist with no top or more than one, is a bad input:
"TOOL: PATH: ..." on stderr and exit status 2, as both tools promise.
"""
import json
import sys


def load_top(path, tool):
    try:
        with open(path) as f:
            netlist = json.load(f)
    except (OSError, ValueError) as e:
        sys.stderr.write('%s: %s: not a readable netlist (%s)\n' % (tool, path, e))
        sys.exit(2)
    modules = netlist.get('modules', {}) if isinstance(netlist, dict) else {}
    tops = [name for name, m in modules.items() if str(m.get('attributes', {}).get('top', '0')).strip('0') != '']
    if len(tops) != 1:
        sys.stderr.write('%s: %s: expected one top module, found %d\n' % (tool, path, len(tops)))
        sys.exit(2)
    return modules, tops[0]
