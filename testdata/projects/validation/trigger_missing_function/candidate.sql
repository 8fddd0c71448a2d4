create trigger todos_updated_at
  before update on public.todos
  for each row execute function public.handle_updated_at();
