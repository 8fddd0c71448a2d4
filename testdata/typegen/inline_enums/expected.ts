export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      a_table_with_a_rather_long_name: {
        Row: {
          first_key_column_with_long_name: number
          second_key_column_with_long_name: number
        }
        Insert: {
          first_key_column_with_long_name: number
          second_key_column_with_long_name: number
        }
        Update: {
          first_key_column_with_long_name?: number
          second_key_column_with_long_name?: number
        }
        Relationships: []
      }
      referencing_table: {
        Row: {
          first_key_column_with_long_name: number | null
          id: number
          second_key_column_with_long_name: number | null
        }
        Insert: {
          first_key_column_with_long_name?: number | null
          id: number
          second_key_column_with_long_name?: number | null
        }
        Update: {
          first_key_column_with_long_name?: number | null
          id?: number
          second_key_column_with_long_name?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "referencing_table_long_fkey"
            columns: [
              "first_key_column_with_long_name",
              "second_key_column_with_long_name",
            ]
            isOneToOne: false
            referencedRelation: "a_table_with_a_rather_long_name"
            referencedColumns: [
              "first_key_column_with_long_name",
              "second_key_column_with_long_name",
            ]
          },
        ]
      }
      t: {
        Row: {
          colour:
            | "red"
            | "orange"
            | "yellow"
            | "green"
            | "blue"
            | "indigo"
            | "violet"
            | null
          colours: (
            "red" | "orange" | "yellow" | "green" | "blue" | "indigo" | "violet"
          )[]
          e: string
          f: "sweet" | "sour" | null
          fs: ("sweet" | "sour")[] | null
          id: number
          moods: Database["public"]["Enums"]["mood"][] | null
          o: unknown
        }
        Insert: {
          colour?:
            | "red"
            | "orange"
            | "yellow"
            | "green"
            | "blue"
            | "indigo"
            | "violet"
            | null
          colours: (
            "red" | "orange" | "yellow" | "green" | "blue" | "indigo" | "violet"
          )[]
          e: string
          f?: "sweet" | "sour" | null
          fs?: ("sweet" | "sour")[] | null
          id: number
          moods?: Database["public"]["Enums"]["mood"][] | null
          o?: unknown
        }
        Update: {
          colour?:
            | "red"
            | "orange"
            | "yellow"
            | "green"
            | "blue"
            | "indigo"
            | "violet"
            | null
          colours?: (
            "red" | "orange" | "yellow" | "green" | "blue" | "indigo" | "violet"
          )[]
          e?: string
          f?: "sweet" | "sour" | null
          fs?: ("sweet" | "sour")[] | null
          id?: number
          moods?: Database["public"]["Enums"]["mood"][] | null
          o?: unknown
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      [_ in never]: never
    }
    Enums: {
      mood: "ok" | "bad"
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    keyof DefaultSchema["Tables"] | { schema: keyof DatabaseWithoutInternals },
  TableName extends (DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never) = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    keyof DefaultSchema["Enums"] | { schema: keyof DatabaseWithoutInternals },
  EnumName extends (DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never) = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends (PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never) = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      mood: ["ok", "bad"],
    },
  },
} as const

