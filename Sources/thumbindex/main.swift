print("thumbindex")
