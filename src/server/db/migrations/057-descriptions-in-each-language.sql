-- The customer's language everywhere: a transaction's description and a blocked CIF's text were one
-- text in both languages ("Isi ulang pulsa 0812... / Mobile top-up"), shown as such on both pages.
-- The core bank's narrative keeps coming as "<Indonesian> / <English>" (the seeds, the engine's
-- bookings): it is split as it is written, into `description` (Indonesian) and `description_eng`.
ALTER TABLE journal ADD COLUMN description_eng text;
ALTER TABLE poin_xtra_history ADD COLUMN description_eng text;

CREATE FUNCTION split_bilingual_description() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.description_eng IS NULL AND position(' / ' IN NEW.description) > 0 THEN
    NEW.description_eng := btrim(substr(NEW.description, position(' / ' IN NEW.description) + 3));
    NEW.description := btrim(substr(NEW.description, 1, position(' / ' IN NEW.description) - 1));
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER journal_split_description BEFORE INSERT ON journal
  FOR EACH ROW EXECUTE FUNCTION split_bilingual_description();
CREATE TRIGGER poin_xtra_history_split_description BEFORE INSERT ON poin_xtra_history
  FOR EACH ROW EXECUTE FUNCTION split_bilingual_description();

UPDATE journal
   SET description_eng = btrim(substr(description, position(' / ' IN description) + 3)),
       description = btrim(substr(description, 1, position(' / ' IN description) - 1))
 WHERE description_eng IS NULL AND position(' / ' IN description) > 0;
UPDATE poin_xtra_history
   SET description_eng = btrim(substr(description, position(' / ' IN description) + 3)),
       description = btrim(substr(description, 1, position(' / ' IN description) - 1))
 WHERE description_eng IS NULL AND position(' / ' IN description) > 0;

-- The core bank's text for a blocked CIF, in each language (`cif_blocked_text` is the English one).
ALTER TABLE customers ADD COLUMN cif_blocked_text_idn text;
UPDATE customers
   SET cif_blocked_text_idn = btrim(substr(cif_blocked_text, position(' / ' IN cif_blocked_text) + 3)),
       cif_blocked_text = btrim(substr(cif_blocked_text, 1, position(' / ' IN cif_blocked_text) - 1))
 WHERE cif_blocked_text_idn IS NULL AND position(' / ' IN cif_blocked_text) > 0;
