-- quote_ident quotes every keyword but the unreserved ones
SELECT quote_ident('none'), quote_ident('select'), quote_ident('int'), quote_ident('between'), quote_ident('left'), quote_ident('authorization');
SELECT quote_ident('name'), quote_ident('text'), quote_ident('abort'), quote_ident('value'), quote_ident('plain'), quote_ident('Mixed'), quote_ident('a b'), quote_ident('');
SELECT quote_ident('user'), quote_ident('current_role'), quote_ident('xmlelement'), quote_ident('setof'), quote_ident('nullif'), quote_ident('over');
