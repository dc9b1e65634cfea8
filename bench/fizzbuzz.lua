local acc = 0
for i = 1, 1000000 do
  if i % 15 == 0 then acc = acc + 15
  elseif i % 5 == 0 then acc = acc + 5
  elseif i % 3 == 0 then acc = acc + 3
  else acc = acc + 1 end
end
print(acc)
