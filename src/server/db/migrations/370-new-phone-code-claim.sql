-- A new number's code is claimed atomically (issue 44, item 3b): each code sent is the customer's next
-- in sequence, and (customer, seq) is unique, so two requests at once (a double tap, two tabs, two
-- servers) cannot both pass the resend countdown and the day's limit: the second one's insert collides
-- and it is refused, with no second code or SMS. Rows sent before this migration are numbered in order.
ALTER TABLE new_phone_codes ADD COLUMN seq integer;
UPDATE new_phone_codes n SET seq = r.rn
  FROM (SELECT id, row_number() OVER (PARTITION BY customer_id ORDER BY id) AS rn FROM new_phone_codes) r
 WHERE r.id = n.id;
CREATE UNIQUE INDEX new_phone_codes_seq_idx ON new_phone_codes (customer_id, seq);
