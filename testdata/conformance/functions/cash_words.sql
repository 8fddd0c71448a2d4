-- cash_words: PostgreSQL's English spelling of money amounts, signs, hundreds and groups up to quadrillions
select cash_words('$0.00'), cash_words('$1.00'), cash_words('$1.01'), cash_words('$2.50'), cash_words('-$1,234.56');
select cash_words('$100.10'), cash_words('$110.20'), cash_words('$119.99'), cash_words('$120.30'), cash_words('$999.11'), cash_words('$20.20'), cash_words('$21.21');
select cash_words('$1,000,000.00'), cash_words('$12,345,678,901,234.05'), cash_words('$90,000,000,000,000,000.00'), cash_words('-92233720368547758.08'::money), cash_words('92233720368547758.07'::money);
select cash_words('$0.99'), cash_words('$1,001.00'), cash_words('$100,000.00'), cash_words(NULL);
