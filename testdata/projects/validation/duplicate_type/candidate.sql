create type public.mood as enum ('happy', 'sad', 'meh');
