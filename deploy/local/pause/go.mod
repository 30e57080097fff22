module brandradar.local/pause

go 1.24
