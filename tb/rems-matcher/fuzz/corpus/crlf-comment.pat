# comment only

