-- A banner can concern only some of its page's transactions: the SKN/RTGS cut-off is about transfers
-- to other banks, not own-account or same-bank ones. `flow_variants` lists the variants (the
-- `?type=` of /transfer/) it concerns; NULL shows it on every transaction of the page.
ALTER TABLE maintenance_banners ADD COLUMN flow_variants text[];
UPDATE maintenance_banners SET flow_variants = ARRAY['other-bank', 'skn', 'rtgs']
 WHERE key = 'transfer-maintenance' AND flow_variants IS NULL;
