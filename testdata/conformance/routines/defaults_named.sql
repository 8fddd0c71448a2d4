-- parameter defaults and named notation
CREATE FUNCTION greet(name text, greeting text DEFAULT 'Hello', punct text DEFAULT '!') RETURNS text LANGUAGE sql AS $$ SELECT greeting || ', ' || name || punct $$;
SELECT greet('Ann');
SELECT greet('Ann', 'Hi');
SELECT greet('Ann', 'Hi', '?');
SELECT greet(name => 'Bob');
SELECT greet(punct => '.', name => 'Cy');
SELECT greet('Dee', punct => '...');
SELECT greet(name := 'Eve', greeting := 'Yo');
SELECT greet();
SELECT greet(nope => 'x');
SELECT greet(name => 'a', name => 'b');
CREATE FUNCTION bad_defaults(a int DEFAULT 1, b int) RETURNS int LANGUAGE sql AS $$ SELECT a + b $$;
CREATE FUNCTION expr_default(a int DEFAULT 2 * 21) RETURNS int LANGUAGE sql AS $$ SELECT a $$;
SELECT expr_default(), expr_default(1);
CREATE OR REPLACE FUNCTION greet(name text, greeting text, punct text DEFAULT '!') RETURNS text LANGUAGE sql AS $$ SELECT greeting || name $$;
