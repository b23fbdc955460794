node_modules/
dist/
.cotton-dev/
