# One shell step of the devbox mix: what someone at a shell prompt does
# between edits.  Runs in the user's private directory.
seq 1 2000 | sed 's/$/ line of a file being edited/' > notes.txt
grep -c 1 notes.txt > count.txt
sort -r notes.txt | head -n 100 | wc -l >> count.txt
ls -l > listing.txt
tr 'a-z' 'A-Z' < notes.txt | od -c | tail -n 1 > /dev/null
test -s count.txt
